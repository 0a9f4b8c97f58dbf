package dev.qrforge.bulk;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.dynamic.DynamicCodes;
import dev.qrforge.qr.LogoReader;
import dev.qrforge.qr.QrCodes;
import dev.qrforge.security.CallerContext;
import dev.qrforge.security.RequiresScope;
import dev.qrforge.security.Scope;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.Reader;

/**
 * {@code /api/v1/dynamic/bulk}: up to 200 dynamic codes made by the same Jakarta Batch job as static bulk (followed
 * and fetched at {@code /api/v1/qr/bulk/{jobId}}), and changes to up to 200 dynamic codes at once.
 */
@Path("/v1/dynamic/bulk")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class DynamicBulkResource {

    @Inject
    BulkJobs jobs;

    @Inject
    BulkMetrics metrics;

    @Inject
    CallerContext callers;

    @Inject
    QrCodes codes;

    @Inject
    DynamicCodes dynamicCodes;

    @Inject
    DynamicBulkChanges changes;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresScope(Scope.DYNAMIC_WRITE)
    public Response create(DynamicBulkRequest request, @HeaderParam(BulkResource.IDEMPOTENCY_KEY) String key,
            @Context UriInfo uri) {
        return accept(request, key, uri);
    }

    @POST
    @Consumes("text/csv")
    @RequiresScope(Scope.DYNAMIC_WRITE)
    public Response createFromCsv(Reader csv, @HeaderParam(BulkResource.IDEMPOTENCY_KEY) String key,
            @Context UriInfo uri) {
        return accept(BulkCsv.parseDynamic(csv), key, uri);
    }

    /** Each selected code changed on its own: the answer is 200 with a result per code, ok or the error. */
    @PATCH
    @Consumes({MediaType.APPLICATION_JSON, JsonConfig.MERGE_PATCH})
    @RequiresScope(Scope.DYNAMIC_WRITE)
    public JsonNode change(DynamicBulkChanges.Request request,
            @HeaderParam(BulkResource.IDEMPOTENCY_KEY) String key) {
        return changes.apply(callers.workspaceId(), request, key);
    }

    private Response accept(DynamicBulkRequest request, String key, UriInfo uri) {
        String workspaceId = callers.workspaceId();
        LogoReader logos = codes.logos(workspaceId);
        return BulkResource.accepted(jobs, metrics, workspaceId, BulkJob.Kind.DYNAMIC, request,
                BulkValidator.validateDynamic(request, logos, codes.templates(workspaceId), uri.getBaseUri(),
                        item -> dynamicCodes.check(workspaceId, item, uri.getBaseUri(), logos)), key, uri);
    }
}
