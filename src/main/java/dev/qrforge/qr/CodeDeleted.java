package dev.qrforge.qr;

import java.time.Instant;

/**
 * A code was deleted: fired synchronously inside the deleting transaction, so what observes it (the dynamic code
 * that goes with its QR record, the webhook outbox) commits or rolls back with the deletion.
 *
 * @param dynamicCodeId the dynamic code whose QR record this was, or null for a static code
 * @param erased        whether its scan data is to be erased too
 */
public record CodeDeleted(String workspaceId, String qrCodeId, String dynamicCodeId, boolean erased,
        Instant deletedAt) {
}
