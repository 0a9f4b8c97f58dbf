package dev.qrforge.bulk;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.qrforge.safety.Safety;
import java.time.Instant;
import java.util.List;

/** A bulk job as {@code GET /api/v1/qr/bulk/{jobId}} shows it; {@code kind} is {@code static} or {@code dynamic}. */
public record BulkView(String jobId, String kind, String status, int total, int succeeded, int failed, List<Result> results,
        List<Failure> errors, Instant createdAt, @JsonInclude(JsonInclude.Include.ALWAYS) Instant finishedAt) {

    /**
     * A code made: for a static job {@code id} is its QR record's; for a dynamic job the dynamic code's, with its QR
     * record's id, short code and short link beside it.
     */
    public record Result(int index, String id, String filename, Safety safety, String qrCodeId, String shortCode,
            String shortUrl) {

        public Result(int index, String id, String filename, Safety safety) {
            this(index, id, filename, safety, null, null, null);
        }
    }

    public record Failure(int index, String field, String message) {
    }

    /** The answer to the POST: where to follow the job and fetch its archive. */
    public record Accepted(String jobId, String kind, String status, int total, String statusUrl, String archiveUrl) {
    }
}
