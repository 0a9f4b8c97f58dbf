package dev.qrforge.campaign;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import dev.qrforge.security.CallerContext;
import dev.qrforge.security.RequiresScope;
import dev.qrforge.security.Scope;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * {@code /api/v1/campaigns}: folders of dynamic codes. They organise dynamic codes, so the dynamic code scopes apply:
 * reading them takes {@code qr:read}, changing them {@code dynamic:write}. Their analytics are
 * {@code analytics.CampaignAnalyticsResource}'s.
 */
@Path("/v1/campaigns")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class CampaignResource {

    @Inject
    Campaigns campaigns;

    @Inject
    CallerContext callers;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresScope(Scope.DYNAMIC_WRITE)
    public Response create(CampaignRequest request, @Context UriInfo uri) {
        CampaignView created = campaigns.create(callers.workspaceId(), request);
        return Response.created(uri.getBaseUriBuilder().path(CampaignResource.class).path(created.id()).build())
                .entity(created).build();
    }

    /** @param q contained (any case) in the name */
    @GET
    @RequiresScope(Scope.QR_READ)
    public Page<CampaignView> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
            @QueryParam("q") String q) {
        return campaigns.list(callers.workspaceId(), PageRequest.of(limit, cursor), q);
    }

    @GET
    @Path("{id}")
    @RequiresScope(Scope.QR_READ)
    public CampaignView get(@PathParam("id") String id) {
        return campaigns.get(callers.workspaceId(), id);
    }

    @PATCH
    @Path("{id}")
    @Consumes({MediaType.APPLICATION_JSON, JsonConfig.MERGE_PATCH})
    @RequiresScope(Scope.DYNAMIC_WRITE)
    public CampaignView patch(@PathParam("id") String id, JsonNode patch) {
        return campaigns.patch(callers.workspaceId(), id, patch);
    }

    /** The campaign's codes stay, in no campaign. */
    @DELETE
    @Path("{id}")
    @RequiresScope(Scope.DYNAMIC_WRITE)
    public Response delete(@PathParam("id") String id) {
        campaigns.delete(callers.workspaceId(), id);
        return Response.noContent().build();
    }
}
