package dev.qrforge.bulk;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.qrforge.safety.Safety;
import java.time.Instant;
import java.util.List;

/** A bulk job as {@code GET /api/v1/qr/bulk/{jobId}} shows it. */
public record BulkView(String jobId, String status, int total, int succeeded, int failed, List<Result> results,
        List<Failure> errors, Instant createdAt, @JsonInclude(JsonInclude.Include.ALWAYS) Instant finishedAt) {

    public record Result(int index, String id, String filename, Safety safety) {
    }

    public record Failure(int index, String field, String message) {
    }

    /** The answer to the POST: where to follow the job and fetch its archive. */
    public record Accepted(String jobId, String status, int total, String statusUrl, String archiveUrl) {
    }
}
