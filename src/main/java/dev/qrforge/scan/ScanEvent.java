package dev.qrforge.scan;

import dev.qrforge.client.ClientFacts;
import java.time.Instant;

/**
 * One scan as it will be stored: which code, when, what is known about the scanner, its pseudonymous visitor key
 * (null when unknown or turned off), and the route it was sent on (null when it was not sent anywhere: a paused
 * code, an expired one without a URL for afterwards).
 */
public record ScanEvent(String codeId, Instant scannedAt, ClientFacts facts, String visitorKey, Route route) {

    /** Bots are recorded, so analytics can report them, but never counted. */
    public boolean counted() {
        return !facts.bot();
    }
}
