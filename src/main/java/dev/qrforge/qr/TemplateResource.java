package dev.qrforge.qr;

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
 * {@code /api/v1/templates}: a workspace's saved designs. They are part of making codes, so the code scopes apply:
 * reading them takes {@code qr:read}, changing them {@code qr:write}.
 */
@Path("/v1/templates")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class TemplateResource {

    @Inject
    DesignTemplates templates;

    @Inject
    CallerContext callers;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresScope(Scope.QR_WRITE)
    public Response create(TemplateRequest request, @Context UriInfo uri) {
        TemplateView created = templates.create(callers.workspaceId(), request);
        return Response.created(uri.getBaseUriBuilder().path(TemplateResource.class).path(created.id()).build())
                .entity(created).build();
    }

    @GET
    @RequiresScope(Scope.QR_READ)
    public Page<TemplateView> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return templates.list(callers.workspaceId(), PageRequest.of(limit, cursor));
    }

    @GET
    @Path("{id}")
    @RequiresScope(Scope.QR_READ)
    public TemplateView get(@PathParam("id") String id) {
        return templates.get(callers.workspaceId(), id);
    }

    @PATCH
    @Path("{id}")
    @Consumes({MediaType.APPLICATION_JSON, JsonConfig.MERGE_PATCH})
    @RequiresScope(Scope.QR_WRITE)
    public TemplateView patch(@PathParam("id") String id, JsonNode patch) {
        return templates.patch(callers.workspaceId(), id, patch);
    }

    @DELETE
    @Path("{id}")
    @RequiresScope(Scope.QR_WRITE)
    public Response delete(@PathParam("id") String id) {
        templates.delete(callers.workspaceId(), id);
        return Response.noContent().build();
    }
}
