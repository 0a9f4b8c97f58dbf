package dev.qrforge.bulk;

import java.time.Instant;

/**
 * A bulk job has finished: fired synchronously inside the transaction that records it, so what observes it (the
 * webhook outbox) commits or rolls back with it. Fired once per job.
 *
 * @param failed whether the batch execution failed (items may still have succeeded: see the counts)
 */
public record BulkJobFinished(String workspaceId, String jobId, boolean failed, int total, int succeeded,
        int failedItems, Instant finishedAt) {
}
