package dev.qrforge.analytics;

import dev.qrforge.security.CallerContext;
import dev.qrforge.security.RequiresScope;
import dev.qrforge.security.Scope;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;

/** {@code GET /api/v1/qr/{id}/analytics}: scan timeline, geography, OS, device, browser, language, referrer. */
@Path("/v1/qr/{id}/analytics")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class AnalyticsResource {

    @Inject
    Analytics analytics;

    @Inject
    CallerContext callers;

    @Inject
    Clock clock;

    @GET
    @RequiresScope(Scope.ANALYTICS_READ)
    public AnalyticsView get(@PathParam("id") String id, @QueryParam("from") String from, @QueryParam("to") String to,
            @QueryParam("granularity") String granularity, @QueryParam("timezone") String timezone) {
        String codeId = analytics.trackedCode(callers.workspaceId(), id);
        return analytics.of(id, codeId, AnalyticsRange.parse(from, to, granularity, timezone, clock.instant()));
    }
}
