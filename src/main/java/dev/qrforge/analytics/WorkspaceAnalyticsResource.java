package dev.qrforge.analytics;

import dev.qrforge.dynamic.DynamicCodes;
import dev.qrforge.security.CallerContext;
import dev.qrforge.security.RequiresScope;
import dev.qrforge.security.Scope;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;

/**
 * {@code /api/v1/analytics}: a whole workspace's scans, read from the rollups like one code's; and the erasure of all
 * of them, for data-protection requests.
 */
@Path("/v1/analytics")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class WorkspaceAnalyticsResource {

    @Inject
    Analytics analytics;

    @Inject
    DynamicCodes dynamicCodes;

    @Inject
    CallerContext callers;

    @Inject
    Clock clock;

    @GET
    @RequiresScope(Scope.ANALYTICS_READ)
    public AnalyticsView get(@QueryParam("from") String from, @QueryParam("to") String to,
            @QueryParam("granularity") String granularity, @QueryParam("timezone") String timezone) {
        return analytics.ofWorkspace(callers.workspaceId(),
                AnalyticsRange.parse(from, to, granularity, timezone, clock.instant()));
    }

    /** Erases every scan of every code of the workspace; the codes stay, counting from zero. */
    @DELETE
    @RequiresScope({Scope.ANALYTICS_ERASE, Scope.KEYS_ADMIN})
    public Response erase() {
        dynamicCodes.eraseScans(callers.workspaceId());
        return Response.noContent().build();
    }
}
