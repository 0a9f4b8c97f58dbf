package dev.qrforge.dynamic;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;
import java.util.Set;

/**
 * The part of a rule that reads the wall clock of one time zone. Days and the time window are tested
 * independently on the local date and time of the scan: a 22:00–06:00 window on saturday matches saturday
 * 00:00–06:00 and saturday 22:00–24:00, not the small hours of sunday.
 *
 * @param days     the days it applies on; empty for every day
 * @param timeFrom first minute of the window (inclusive), or null together with {@code timeTo} for all day
 * @param timeTo   end of the window (exclusive); before {@code timeFrom} when the window spans midnight
 * @param timezone the zone whose wall clock is read
 */
public record Schedule(Set<DayOfWeek> days, LocalTime timeFrom, LocalTime timeTo, ZoneId timezone) {

    /** The one spelling of a time of day on the wire: exactly two digits each, no seconds. */
    public static final DateTimeFormatter TIME_FORMAT =
            DateTimeFormatter.ofPattern("HH:mm").withResolverStyle(ResolverStyle.STRICT);

    boolean matches(Instant at) {
        ZonedDateTime local = at.atZone(timezone);
        return (days.isEmpty() || days.contains(local.getDayOfWeek()))
                && (timeFrom == null || inWindow(local.toLocalTime()));
    }

    private boolean inWindow(LocalTime time) {
        boolean afterStart = !time.isBefore(timeFrom);
        boolean beforeEnd = time.isBefore(timeTo);
        return timeFrom.isBefore(timeTo) ? afterStart && beforeEnd : afterStart || beforeEnd;
    }
}
