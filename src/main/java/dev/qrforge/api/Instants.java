package dev.qrforge.api;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Timestamps as clients send them (request fields and query parameters alike), within the range the API supports:
 * from 2000-01-01 (before any QR code was scanned by a phone) to the start of 9999. Every timestamp the API writes,
 * in UTC or in a time zone a client names, is then RFC 3339: a four-digit year in every zone, and an offset in whole
 * minutes, which every zone has had since the 1970s (before, local mean times such as Berlin's +00:53:28, which
 * RFC 3339 cannot write).
 */
public final class Instants {

    /** The earliest instant the API takes. */
    public static final Instant EARLIEST = Instant.parse("2000-01-01T00:00:00Z");
    /** The first instant the API no longer takes. */
    public static final Instant END = Instant.parse("9999-01-01T00:00:00Z");
    /** RFC 3339's date-time: date, time with optional fraction, then {@code Z} or an offset, T and Z in any case. */
    private static final Pattern DATE_TIME = Pattern.compile(
            "(\\d{4}-\\d{2}-\\d{2})[Tt](\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?)([Zz]|([+-])(\\d{2}):(\\d{2}))");

    private Instants() {
    }

    /**
     * An RFC 3339 date-time in the supported range, or INVALID_PARAMETER naming {@code field}. Java's own parsers
     * stop at offsets of ±18:00 and want an upper-case {@code T}; RFC 3339 allows offsets to ±23:59 and either case.
     */
    public static Instant parse(String field, String value) {
        Matcher parts = DATE_TIME.matcher(value);
        Instant instant;
        try {
            if (!parts.matches()) {
                throw new DateTimeParseException("not RFC 3339", value, 0);
            }
            instant = LocalDateTime.parse(parts.group(1) + "T" + parts.group(2)).toInstant(ZoneOffset.UTC);
            if (parts.group(4) != null) {
                int minutes = Integer.parseInt(parts.group(5)) * 60 + Integer.parseInt(parts.group(6));
                if (Integer.parseInt(parts.group(5)) > 23 || Integer.parseInt(parts.group(6)) > 59) {
                    throw new DateTimeParseException("offset out of range", value, 0);
                }
                instant = instant.minusSeconds(60L * (parts.group(4).equals("-") ? -minutes : minutes));
            }
        } catch (DateTimeParseException e) {
            throw ApiException.invalid(field, field + " must be an RFC 3339 timestamp such as 2026-11-01T00:00:00Z");
        }
        if (instant.isBefore(EARLIEST) || !instant.isBefore(END)) {
            throw ApiException.invalid(field, field + " must be from " + EARLIEST + " and before " + END + "; got "
                    + value);
        }
        return instant;
    }
}
