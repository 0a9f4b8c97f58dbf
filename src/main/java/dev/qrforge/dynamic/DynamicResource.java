package dev.qrforge.dynamic;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import dev.qrforge.api.PathIds;
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

/** {@code /api/v1/dynamic}: dynamic tracking codes (spec section 4). */
@Path("/v1/dynamic")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class DynamicResource {

    @Inject
    DynamicCodes codes;

    @Inject
    CallerContext callers;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresScope(Scope.DYNAMIC_WRITE)
    public Response create(DynamicRequest request, @Context UriInfo uri) {
        DynamicView created = codes.create(callers.workspaceId(), request, uri.getBaseUri());
        return Response.created(uri.getBaseUriBuilder().path(DynamicResource.class).path(created.id()).build())
                .entity(created).build();
    }

    @GET
    @RequiresScope(Scope.QR_READ)
    public Page<DynamicView> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
            @QueryParam("q") String q, @QueryParam("tag") String tag, @QueryParam("status") String status,
            @QueryParam("createdFrom") String createdFrom, @QueryParam("createdTo") String createdTo,
            @QueryParam("campaign") String campaign) {
        return codes.list(callers.workspaceId(),
                new DynamicCodes.Listing(q, tag, status, createdFrom, createdTo, campaign),
                PageRequest.of(limit, cursor));
    }

    @GET
    @Path(PathIds.ID)
    @RequiresScope(Scope.QR_READ)
    public DynamicView get(@PathParam("id") String id) {
        return codes.get(callers.workspaceId(), id);
    }

    @PATCH
    @Path(PathIds.ID)
    @Consumes({MediaType.APPLICATION_JSON, JsonConfig.MERGE_PATCH})
    @RequiresScope(Scope.DYNAMIC_WRITE)
    public DynamicView patch(@PathParam("id") String id, JsonNode patch) {
        return codes.patch(callers.workspaceId(), id, patch);
    }

    /** Deletes the code and its QR record; {@code erase=true} also erases its scans (analytics:erase or keys:admin). */
    @DELETE
    @Path(PathIds.ID)
    @RequiresScope(Scope.DYNAMIC_WRITE)
    public Response delete(@PathParam("id") String id, @QueryParam("erase") String erase) {
        codes.delete(callers.workspaceId(), id, callers.erase(erase));
        return Response.noContent().build();
    }
}
