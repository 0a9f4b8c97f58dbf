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

/**
 * {@code /api/v1/campaigns/{id}/analytics}: the scans of a campaign's codes, with the query and the response of the
 * workspace's analytics ({@link WorkspaceAnalyticsResource}).
 */
@Path("/v1/campaigns/{id}/analytics")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class CampaignAnalyticsResource {

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
        return analytics.ofCampaign(callers.workspaceId(), id,
                AnalyticsRange.parse(from, to, granularity, timezone, clock.instant()));
    }
}
