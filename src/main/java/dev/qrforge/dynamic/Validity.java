package dev.qrforge.dynamic;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.api.ApiException;
import java.time.Instant;

/**
 * When a dynamic code leads anywhere: from {@code validFrom} (before it, scans get a "not active yet" page), until
 * {@code expiresAt} or until it has counted {@code maxScans} scans, whichever comes first (after either, the code's
 * expired behaviour). Each is optional.
 */
public record Validity(Instant validFrom, Instant expiresAt, Long maxScans) {

    /** A period that could never begin is the caller's mistake, named on {@code validFrom}. */
    public Validity {
        if (validFrom != null && expiresAt != null && !validFrom.isBefore(expiresAt)) {
            throw ApiException.invalid("validFrom", "validFrom (" + validFrom + ") must be before expiresAt ("
                    + expiresAt + ")");
        }
        if (maxScans != null && maxScans < 1) {
            throw ApiException.invalid("maxScans", "maxScans must be a whole number of at least 1, or null for no cap;"
                    + " got " + maxScans);
        }
    }

    boolean startedAt(Instant now) {
        return validFrom == null || !now.isBefore(validFrom);
    }

    /** @param countBefore the code's counted scans before this one */
    boolean endedAt(Instant now, long countBefore) {
        return expiresAt != null && !now.isBefore(expiresAt) || maxScans != null && countBefore >= maxScans;
    }

    /** A merge patch's {@code maxScans}: a whole number, or null to remove the cap. */
    static Long maxScans(JsonNode value) {
        if (value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw ApiException.invalid("maxScans", "maxScans must be a whole number of at least 1, or null for no cap");
        }
        return value.longValue();
    }
}
