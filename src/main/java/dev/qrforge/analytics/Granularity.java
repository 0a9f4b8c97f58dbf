package dev.qrforge.analytics;

import dev.qrforge.api.WireNames;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.List;
import java.util.Optional;

/** The width of one timeline bucket, in the caller's time zone (so a day is a local day, DST included). */
public enum Granularity {
    HOUR, DAY, WEEK, MONTH;

    /** Ranges up to these spans get the finer granularity by default. */
    private static final Duration HOURS_UP_TO = Duration.ofDays(2);
    private static final Duration DAYS_UP_TO = Duration.ofDays(92);
    private static final Duration WEEKS_UP_TO = Duration.ofDays(366);

    public String wireName() {
        return WireNames.of(this);
    }

    public static Optional<Granularity> fromWire(String value) {
        return WireNames.find(Granularity.class, value);
    }

    public static List<String> wireNames() {
        return WireNames.all(Granularity.class);
    }

    /** A sensible number of buckets for a range: about 24 to 400. */
    static Granularity defaultFor(Duration span) {
        if (span.compareTo(HOURS_UP_TO) <= 0) {
            return HOUR;
        }
        if (span.compareTo(DAYS_UP_TO) <= 0) {
            return DAY;
        }
        return span.compareTo(WEEKS_UP_TO) <= 0 ? WEEK : MONTH;
    }

    /** The start of the bucket holding {@code t}; weeks start on Monday (ISO 8601). */
    ZonedDateTime floor(ZonedDateTime t) {
        return switch (this) {
            case HOUR -> t.truncatedTo(ChronoUnit.HOURS);
            case DAY -> t.truncatedTo(ChronoUnit.DAYS);
            case WEEK -> t.truncatedTo(ChronoUnit.DAYS).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
            case MONTH -> t.truncatedTo(ChronoUnit.DAYS).withDayOfMonth(1);
        };
    }

    ZonedDateTime next(ZonedDateTime bucketStart) {
        return switch (this) {
            case HOUR -> bucketStart.plusHours(1);
            case DAY -> bucketStart.plusDays(1);
            case WEEK -> bucketStart.plusWeeks(1);
            case MONTH -> bucketStart.plusMonths(1);
        };
    }
}
