package dev.qrforge.api;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/**
 * The HTTP/JSON API lives under {@code /api}; its version is the next path segment ({@code /api/v1/…}). Its OpenAPI
 * document is {@code META-INF/openapi.yaml}.
 */
@ApplicationPath("/api")
public class RestApplication extends Application {
}
