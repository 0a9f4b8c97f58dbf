package dev.qrforge.qr;

import dev.qrforge.security.RequiresScope;
import dev.qrforge.security.Scope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code /api/v1/design-options}: what the design fields accept. */
@Path("/v1/design-options")
@Produces(MediaType.APPLICATION_JSON)
@ApplicationScoped
public class DesignOptionsResource {

    private static final DesignOptions OPTIONS = DesignOptions.current();

    @GET
    @RequiresScope(Scope.QR_READ)
    public DesignOptions get() {
        return OPTIONS;
    }
}
