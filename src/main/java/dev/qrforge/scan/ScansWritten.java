package dev.qrforge.scan;

import java.util.List;

/**
 * A flush has written these scans: fired synchronously inside the flush's transaction, so what observes it (the
 * webhook outbox) commits with the scans, or rolls back and sees them again in the next flush. Observers run on
 * the flush's thread, never on the redirect path, and must stay cheap.
 */
public record ScansWritten(List<ScanEvent> events) {
}
