package dev.qrforge.scan;

import java.time.Instant;

/** One scan as it will be stored: which code, when, and what is known about the scanner. */
public record ScanEvent(String codeId, Instant scannedAt, ClientFacts facts) {

    /** Bots are recorded, so analytics can report them, but never counted. */
    public boolean counted() {
        return !facts.bot();
    }
}
