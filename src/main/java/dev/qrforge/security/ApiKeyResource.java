package dev.qrforge.security;

import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** {@code /api/v1/api-keys}: a workspace's API keys, issued, listed and revoked by holders of {@code keys:admin}. */
@Path("/v1/api-keys")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class ApiKeyResource {

    @Inject
    ApiKeys keys;

    @Inject
    CallerContext callers;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresScope(Scope.KEYS_ADMIN)
    public Response create(ApiKeyRequest request, @Context UriInfo uri) {
        ApiKeyView created = keys.create(callers.current(), request == null ? new ApiKeyRequest(null, null, null)
                : request);
        return Response.created(uri.getBaseUriBuilder().path(ApiKeyResource.class).path(created.id()).build())
                .entity(created).build();
    }

    @GET
    @RequiresScope(Scope.KEYS_ADMIN)
    public Page<ApiKeyView> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return keys.list(callers.workspaceId(), PageRequest.of(limit, cursor));
    }

    @DELETE
    @Path("{id}")
    @RequiresScope(Scope.KEYS_ADMIN)
    public Response revoke(@PathParam("id") String id) {
        keys.revoke(callers.workspaceId(), id);
        return Response.noContent().build();
    }
}
