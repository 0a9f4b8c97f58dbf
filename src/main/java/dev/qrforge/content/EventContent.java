package dev.qrforge.content;

import biweekly.Biweekly;
import biweekly.ICalendar;
import biweekly.component.VEvent;
import biweekly.property.DateEnd;
import biweekly.property.DateStart;
import biweekly.util.ICalDate;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Date;
import java.util.UUID;

/**
 * A calendar event: an iCalendar object (RFC 5545) with one VEVENT, written by biweekly. Times are written in UTC
 * ({@code 20261201T170000Z}), the instant the start or end names: every calendar reads UTC and shows it in the
 * reader's own zone, so no VTIMEZONE (which a QR code would pay hundreds of bytes for) is needed. An all-day event
 * is written with DATE values, its exclusive DTEND the day after {@code end}.
 *
 * @param start    {@code 2026-12-01T18:00} (with {@code timeZone}), {@code 2026-12-01T17:00Z} or
 *                 {@code 2026-12-01T18:00+01:00}, or a date {@code 2026-12-01} for an all-day event
 * @param end      the same kind as {@code start}, not before it; for an all-day event its last day
 * @param timeZone an IANA zone id such as {@code Europe/Berlin}: where a local start and end are
 */
public record EventContent(String summary, String start, String end, String timeZone, String location,
        String description) implements Content {

    /** Stable across renderings of the same event: readers that saw it once treat a rescan as the same event. */
    private static final String UID_DOMAIN = "@qrforge.dev";

    /** When an event starts or ends: an instant, or a day. */
    private record When(Instant instant, LocalDate day) {
    }

    @Override
    public EventContent normalised() {
        String zone = Fields.optional(timeZone);
        if (zone != null) {
            try {
                ZoneId.of(zone);
            } catch (DateTimeException e) {
                throw Fields.invalid("timeZone", "must be an IANA time zone id such as Europe/Berlin, got '" + zone
                        + "'");
            }
        }
        When from = when("start", Fields.required("start", start).strip(), zone);
        String until = Fields.optional(end) == null ? null : end.strip();
        if (until != null) {
            When to = when("end", until, zone);
            if ((from.day == null) != (to.day == null)) {
                throw Fields.invalid("end", "must be " + (from.day == null ? "a date-time" : "a date")
                        + " as content.start is");
            }
            if (from.day == null ? to.instant.isBefore(from.instant) : to.day.isBefore(from.day)) {
                throw Fields.invalid("end", "must not be before content.start");
            }
        }
        return new EventContent(Fields.required("summary", summary), start.strip(), until, zone,
                Fields.optional(location), Fields.optional(description));
    }

    private static When when(String field, String value, String zone) {
        try {
            if (value.indexOf('T') < 0) {
                return new When(null, LocalDate.parse(value));
            }
            if (value.endsWith("Z") || value.lastIndexOf('+') > 0 || value.lastIndexOf('-') > value.indexOf('T')) {
                return new When(OffsetDateTime.parse(value.endsWith("Z") ? value.replace("Z", "+00:00") : value)
                        .toInstant(), null);
            }
            if (zone == null) {
                throw Fields.invalid("timeZone", "is required with a local date-time in content." + field
                        + " (or give an offset, e.g. 2026-12-01T18:00+01:00)");
            }
            return new When(LocalDateTime.parse(value).atZone(ZoneId.of(zone)).toInstant(), null);
        } catch (DateTimeParseException e) {
            throw Fields.invalid(field, "must be an ISO-8601 date (2026-12-01), local date-time (2026-12-01T18:00)"
                    + " or date-time with an offset (2026-12-01T18:00+01:00), got '" + value + "'");
        }
    }

    @Override
    public String encode(Clock clock) {
        When from = when("start", start, timeZone);
        VEvent event = new VEvent();
        event.setUid(UUID.nameUUIDFromBytes(String.join("\u0000", summary, start, String.valueOf(end),
                String.valueOf(timeZone), String.valueOf(location), String.valueOf(description))
                .getBytes(StandardCharsets.UTF_8)) + UID_DOMAIN);
        event.setDateTimeStamp(Date.from(clock.instant()));
        event.setSummary(summary);
        event.setDateStart(new DateStart(date(from)));
        if (end != null) {
            When to = when("end", end, timeZone);
            event.setDateEnd(new DateEnd(to.day == null ? date(to) : date(new When(null, to.day.plusDays(1)))));
        }
        if (location != null) {
            event.setLocation(location);
        }
        if (description != null) {
            event.setDescription(description);
        }
        ICalendar calendar = new ICalendar();
        calendar.setProductId("-//qrforge//content//EN");
        calendar.addEvent(event);
        return Biweekly.write(calendar).go();
    }

    /** biweekly writes a date-only value in the JVM's default zone, so the day is taken at its midnight there. */
    private static ICalDate date(When when) {
        return when.day == null ? new ICalDate(Date.from(when.instant), true)
                : new ICalDate(Date.from(when.day.atStartOfDay(ZoneId.systemDefault()).toInstant()), false);
    }
}
