package dev.qrforge.scan;

import dev.qrforge.client.ClientFacts;
import java.time.Instant;

/**
 * One scan as it will be stored: which code, when, what is known about the scanner, and its pseudonymous visitor
 * key (null when unknown or turned off).
 */
public record ScanEvent(String codeId, Instant scannedAt, ClientFacts facts, String visitorKey) {

    /** Bots are recorded, so analytics can report them, but never counted. */
    public boolean counted() {
        return !facts.bot();
    }
}
