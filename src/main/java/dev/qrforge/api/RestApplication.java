package dev.qrforge.api;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;

/** The HTTP/JSON API lives under {@code /api}; its version is the next path segment ({@code /api/v1/…}). */
@ApplicationPath("/api")
@OpenAPIDefinition(
        info = @Info(title = "qrforge", version = "v1",
                description = "Styled QR codes (SVG/PNG) with a scan-safety verdict."),
        security = @SecurityRequirement(name = "bearer"))
@SecurityScheme(securitySchemeName = "bearer", type = SecuritySchemeType.HTTP, scheme = "bearer",
        description = "A workspace API key: Authorization: Bearer <API key>")
public class RestApplication extends Application {
}
