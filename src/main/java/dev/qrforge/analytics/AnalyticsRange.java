package dev.qrforge.analytics;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.Instants;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * What an analytics request covers: {@code [from, to)} widened to whole hours (rollups are hourly, so an hour is
 * the resolution), and the timeline's buckets in the caller's zone. Bucket starts are local; an hour of data falls
 * into the bucket its start falls into, which is exact for every zone whose offset is a whole number of hours.
 */
public record AnalyticsRange(Instant from, Instant to, Granularity granularity, ZoneId zone,
        List<ZonedDateTime> bucketStarts) {

    static final Duration DEFAULT_SPAN = Duration.ofDays(30);
    static final int MAX_BUCKETS = 10_000;

    /** Parses the query parameters; each bad one is INVALID_PARAMETER naming it. */
    public static AnalyticsRange parse(String from, String to, String granularity, String timezone, Instant now) {
        ZoneId zone = timezone == null || timezone.isEmpty() ? ZoneId.of("UTC") : zone(timezone);
        Instant end = to == null ? now : Instants.parse("to", to);
        Instant start = from == null ? end.minus(DEFAULT_SPAN) : Instants.parse("from", from);
        if (!start.isBefore(end)) {
            throw ApiException.invalid("from", "from must be before to");
        }
        Instant hourFrom = start.truncatedTo(ChronoUnit.HOURS);
        Instant hourTo = end.truncatedTo(ChronoUnit.HOURS).equals(end) ? end
                : end.truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.HOURS);
        Granularity size = granularity == null
                ? Granularity.defaultFor(Duration.between(hourFrom, hourTo))
                : Granularity.fromWire(granularity).orElseThrow(() -> ApiException.invalid("granularity",
                        "granularity must be one of: " + String.join(", ", Granularity.wireNames())
                                + "; got '" + granularity + "'"));
        List<ZonedDateTime> buckets = new ArrayList<>();
        for (ZonedDateTime b = size.floor(hourFrom.atZone(zone)); b.toInstant().isBefore(hourTo); b = size.next(b)) {
            if (buckets.size() == MAX_BUCKETS) {
                throw ApiException.invalid("granularity", "the range holds more than " + MAX_BUCKETS + " "
                        + size.wireName() + " buckets; choose a coarser granularity or a shorter range");
            }
            buckets.add(b);
        }
        return new AnalyticsRange(hourFrom, hourTo, size, zone, List.copyOf(buckets));
    }

    /** The index of the bucket holding the hour starting at {@code hour}. */
    int bucketOf(Instant hour) {
        int low = 0;
        int high = bucketStarts.size() - 1;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            if (bucketStarts.get(mid).toInstant().isAfter(hour)) {
                high = mid - 1;
            } else {
                low = mid;
            }
        }
        return low;
    }

    private static ZoneId zone(String value) {
        try {
            return ZoneId.of(value);
        } catch (DateTimeException e) {
            throw ApiException.invalid("timezone", "timezone must be an IANA time zone such as Europe/Berlin");
        }
    }
}
