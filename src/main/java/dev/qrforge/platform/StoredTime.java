package dev.qrforge.platform;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Instants as the database keeps them. H2 and PostgreSQL both store microseconds; an instant stamped with more
 * precision would not equal itself once read back, and keyset cursors, which compare them, would skip or repeat rows.
 */
public final class StoredTime {

    private StoredTime() {
    }

    /** Now, to the microsecond. */
    public static Instant now(Clock clock) {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
