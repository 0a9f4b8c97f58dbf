package dev.qrforge.webhook;

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

/** {@code /api/v1/webhooks}: a workspace's webhooks and their recent deliveries, for holders of {@code keys:admin}. */
@Path("/v1/webhooks")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class WebhookResource {

    @Inject
    Webhooks webhooks;

    @Inject
    CallerContext callers;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresScope(Scope.KEYS_ADMIN)
    public Response create(WebhookRequest request, @Context UriInfo uri) {
        WebhookView created = webhooks.create(callers.workspaceId(),
                request == null ? new WebhookRequest(null, null, null) : request);
        return Response.created(uri.getBaseUriBuilder().path(WebhookResource.class).path(created.id()).build())
                .entity(created).build();
    }

    @GET
    @RequiresScope(Scope.KEYS_ADMIN)
    public Page<WebhookView> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return webhooks.list(callers.workspaceId(), PageRequest.of(limit, cursor));
    }

    @GET
    @Path("{id}")
    @RequiresScope(Scope.KEYS_ADMIN)
    public WebhookView get(@PathParam("id") String id) {
        return webhooks.get(callers.workspaceId(), id);
    }

    @PATCH
    @Path("{id}")
    @Consumes({MediaType.APPLICATION_JSON, JsonConfig.MERGE_PATCH})
    @RequiresScope(Scope.KEYS_ADMIN)
    public WebhookView patch(@PathParam("id") String id, JsonNode patch) {
        return webhooks.patch(callers.workspaceId(), id, patch);
    }

    /** A new signing secret, answered once; the old one signs nothing from now on. */
    @POST
    @Path("{id}/rotate-secret")
    @RequiresScope(Scope.KEYS_ADMIN)
    public WebhookView rotateSecret(@PathParam("id") String id) {
        return webhooks.rotateSecret(callers.workspaceId(), id);
    }

    @DELETE
    @Path("{id}")
    @RequiresScope(Scope.KEYS_ADMIN)
    public Response delete(@PathParam("id") String id) {
        webhooks.delete(callers.workspaceId(), id);
        return Response.noContent().build();
    }

    /** The latest deliveries, newest first ({@code limit}, default 50, at most 200). */
    @GET
    @Path("{id}/deliveries")
    @RequiresScope(Scope.KEYS_ADMIN)
    public DeliveryList deliveries(@PathParam("id") String id, @QueryParam("limit") String limit) {
        return webhooks.deliveries(callers.workspaceId(), id, PageRequest.of(limit, null));
    }
}
