package dev.qrforge.analytics;

import dev.qrforge.api.ApiException;
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
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.time.Clock;

/**
 * {@code GET /api/v1/qr/{id}/scans}: the raw scan events for export, as CSV ({@code text/csv}, the default) or
 * NDJSON ({@code application/x-ndjson}), chosen by {@code format} or else by {@code Accept}.
 */
@Path("/v1/qr/{id}/scans")
@RequestScoped
public class ScanExportResource {

    static final String CSV = "text/csv";
    static final String NDJSON = "application/x-ndjson";

    @Inject
    Analytics analytics;

    @Inject
    ScanExport export;

    @Inject
    CallerContext callers;

    @Inject
    Clock clock;

    @GET
    @Produces({CSV, NDJSON})
    @RequiresScope(Scope.ANALYTICS_READ)
    public Response get(@PathParam("id") String id, @QueryParam("from") String from, @QueryParam("to") String to,
            @QueryParam("format") String format, @Context HttpHeaders headers) {
        String codeId = analytics.trackedCode(callers.workspaceId(), id);
        AnalyticsRange range = AnalyticsRange.parse(from, to, null, null, clock.instant());
        ScanExport.Format chosen = format(format, headers);
        StreamingOutput body = out -> export.write(codeId, range.from(), range.to(), chosen, out);
        return Response.ok(body, chosen == ScanExport.Format.CSV ? CSV + ";charset=utf-8" : NDJSON)
                .header("Content-Disposition", "attachment; filename=\"scans-" + id + "."
                        + chosen.name().toLowerCase() + "\"")
                .build();
    }

    private static ScanExport.Format format(String format, HttpHeaders headers) {
        if (format != null) {
            return switch (format) {
                case "csv" -> ScanExport.Format.CSV;
                case "ndjson" -> ScanExport.Format.NDJSON;
                default -> throw ApiException.invalid("format", "format must be one of: csv, ndjson; got '" + format + "'");
            };
        }
        return headers.getAcceptableMediaTypes().stream()
                .filter(type -> !type.isWildcardType())
                .findFirst()
                .filter(type -> type.isCompatible(MediaType.valueOf(NDJSON)))
                .map(type -> ScanExport.Format.NDJSON)
                .orElse(ScanExport.Format.CSV);
    }
}
