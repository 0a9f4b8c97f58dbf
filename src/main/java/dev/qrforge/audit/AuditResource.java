package dev.qrforge.audit;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.PageRequest;
import dev.qrforge.security.CallerContext;
import dev.qrforge.security.RequiresScope;
import dev.qrforge.security.Scope;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /api/v1/audit}: the workspace's audit log, newest first, as JSON pages, or every matching entry as CSV
 * ({@code format=csv}, or else {@code Accept: text/csv}), for holders of {@code audit:read}.
 */
@Path("/v1/audit")
@RequestScoped
public class AuditResource {

    static final String CSV = "text/csv";

    @Inject
    AuditLog log;

    @Inject
    CallerContext callers;

    @GET
    @Produces({MediaType.APPLICATION_JSON, CSV})
    @RequiresScope(Scope.AUDIT_READ)
    public Response list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor,
            @QueryParam("action") String action, @QueryParam("resourceType") String resourceType,
            @QueryParam("resourceId") String resourceId, @QueryParam("actor") String actor,
            @QueryParam("createdFrom") String createdFrom, @QueryParam("createdTo") String createdTo,
            @QueryParam("format") String format, @Context HttpHeaders headers) {
        String workspaceId = callers.workspaceId();
        AuditLog.Filter filter = new AuditLog.Filter(action, resourceType, resourceId, actor, createdFrom, createdTo);
        if (!csv(format, headers)) {
            return Response.ok(log.list(workspaceId, filter, PageRequest.of(limit, cursor)),
                    MediaType.APPLICATION_JSON_TYPE).build();
        }
        // Checked before the body streams, so that a bad filter is still a 400 envelope. The export has no pages,
        // but a limit or cursor given with it is still checked as the listing checks it.
        filter.where();
        PageRequest.of(limit, cursor);
        StreamingOutput body = out -> log.csv(workspaceId, filter, new OutputStreamWriter(out, StandardCharsets.UTF_8));
        return Response.ok(body, CSV + ";charset=utf-8")
                .header("Content-Disposition", "attachment; filename=\"audit.csv\"").build();
    }

    private static boolean csv(String format, HttpHeaders headers) {
        if (format != null) {
            return switch (format) {
                case "csv" -> true;
                case "json" -> false;
                default -> throw ApiException.invalid("format", "format must be json or csv; got '" + format + "'");
            };
        }
        return headers.getAcceptableMediaTypes().stream().filter(type -> !type.isWildcardType()).findFirst()
                .map(type -> type.isCompatible(MediaType.valueOf(CSV))).orElse(false);
    }
}
