package dev.qrforge.domain;

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
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** {@code /api/v1/domains}: a workspace's custom domains, for holders of {@code keys:admin}. */
@Path("/v1/domains")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class DomainResource {

    @Inject
    Domains domains;

    @Inject
    DomainVerifier verifier;

    @Inject
    CallerContext callers;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresScope(Scope.KEYS_ADMIN)
    public Response create(DomainRequest request, @Context UriInfo uri) {
        DomainView created = domains.create(callers.workspaceId(), request, uri.getBaseUri());
        return Response.created(uri.getBaseUriBuilder().path(DomainResource.class).path(created.id()).build())
                .entity(created).build();
    }

    @GET
    @RequiresScope(Scope.KEYS_ADMIN)
    public Page<DomainView> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return domains.list(callers.workspaceId(), PageRequest.of(limit, cursor));
    }

    @GET
    @Path("{id}")
    @RequiresScope(Scope.KEYS_ADMIN)
    public DomainView get(@PathParam("id") String id) {
        return domains.get(callers.workspaceId(), id);
    }

    /**
     * Checks the domain's TXT record, then its HTTP challenge, now: 200 with the domain either way, verified or
     * still pending with {@code lastError} saying what each challenge found. A verified domain is not checked again.
     */
    @POST
    @Path("{id}/verify")
    @RequiresScope(Scope.KEYS_ADMIN)
    public DomainView verify(@PathParam("id") String id) {
        DomainView domain = domains.get(callers.workspaceId(), id);
        if (domain.status().equals(DomainStatus.VERIFIED.wireName())) {
            return domain;
        }
        return domains.record(callers.workspaceId(), id,
                verifier.check(domain.host(), domain.verification().token()));
    }

    @DELETE
    @Path("{id}")
    @RequiresScope(Scope.KEYS_ADMIN)
    public Response delete(@PathParam("id") String id) {
        domains.delete(callers.workspaceId(), id);
        return Response.noContent().build();
    }
}
