package dev.qrforge.api;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/** Timestamps as clients send them (request fields and query parameters alike). */
public final class Instants {

    private Instants() {
    }

    /** An ISO-8601 instant, or INVALID_PARAMETER naming {@code field}. */
    public static Instant parse(String field, String value) {
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw ApiException.invalid(field, field + " must be an ISO-8601 instant such as 2026-11-01T00:00:00Z");
        }
    }
}
