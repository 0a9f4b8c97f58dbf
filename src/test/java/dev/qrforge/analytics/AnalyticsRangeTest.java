package dev.qrforge.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.api.ApiException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

class AnalyticsRangeTest {

    private static final Instant NOW = Instant.parse("2026-11-23T10:37:00Z");

    @Test
    void defaultsToTheLast30DaysWidenedToWholeHoursDaily() {
        AnalyticsRange range = AnalyticsRange.parse(null, null, null, null, NOW);
        assertThat(range.from()).isEqualTo(Instant.parse("2026-10-24T10:00:00Z"));
        assertThat(range.to()).isEqualTo(Instant.parse("2026-11-23T11:00:00Z"));
        assertThat(range.granularity()).isEqualTo(Granularity.DAY);
        assertThat(range.zone()).isEqualTo(ZoneId.of("UTC"));
        assertThat(range.bucketStarts()).hasSize(31);
    }

    @Test
    void defaultGranularityFollowsTheSpan() {
        assertThat(AnalyticsRange.parse("2026-11-22T00:00:00Z", "2026-11-23T00:00:00Z", null, null, NOW).granularity())
                .isEqualTo(Granularity.HOUR);
        assertThat(AnalyticsRange.parse("2026-01-01T00:00:00Z", "2026-11-23T00:00:00Z", null, null, NOW).granularity())
                .isEqualTo(Granularity.WEEK);
        assertThat(AnalyticsRange.parse("2024-01-01T00:00:00Z", "2026-11-23T00:00:00Z", null, null, NOW).granularity())
                .isEqualTo(Granularity.MONTH);
    }

    @Test
    void bucketsAreLocalAndFollowDaylightSaving() {
        // Berlin leaves summer time on 2026-10-25: that day has 25 hours, and buckets still start at local midnight.
        AnalyticsRange range = AnalyticsRange.parse("2026-10-24T00:00:00Z", "2026-10-27T00:00:00Z", "day",
                "Europe/Berlin", NOW);
        assertThat(range.bucketStarts()).containsExactly(
                ZonedDateTime.parse("2026-10-24T00:00+02:00[Europe/Berlin]"),
                ZonedDateTime.parse("2026-10-25T00:00+02:00[Europe/Berlin]"),
                ZonedDateTime.parse("2026-10-26T00:00+01:00[Europe/Berlin]"),
                ZonedDateTime.parse("2026-10-27T00:00+01:00[Europe/Berlin]"));
        assertThat(range.bucketOf(Instant.parse("2026-10-25T22:00:00Z"))).isEqualTo(1);
        assertThat(range.bucketOf(Instant.parse("2026-10-25T23:00:00Z"))).isEqualTo(2);
        assertThat(range.bucketOf(Instant.parse("2026-10-23T22:00:00Z"))).isEqualTo(0);
    }

    @Test
    void weeksStartOnMondayAndMonthsOnTheFirst() {
        AnalyticsRange weeks = AnalyticsRange.parse("2026-11-04T00:00:00Z", "2026-11-20T00:00:00Z", "week", null, NOW);
        assertThat(weeks.bucketStarts().get(0)).isEqualTo(ZonedDateTime.parse("2026-11-02T00:00Z[UTC]"));
        AnalyticsRange months = AnalyticsRange.parse("2026-02-14T00:00:00Z", "2026-04-02T00:00:00Z", "month", null, NOW);
        assertThat(months.bucketStarts()).extracting(ZonedDateTime::getDayOfMonth).containsOnly(1).hasSize(3);
    }

    @Test
    void badParametersNameThemselves() {
        for (String[] bad : new String[][] {{"x", null, null, null, "from"}, {null, "x", null, null, "to"},
            {null, null, "minute", null, "granularity"}, {null, null, null, "Mars/Base", "timezone"},
            {"2026-11-02T00:00:00Z", "2026-11-01T00:00:00Z", null, null, "from"},
            {"2020-01-01T00:00:00Z", null, "hour", null, "granularity"}}) {
            assertThatThrownBy(() -> AnalyticsRange.parse(bad[0], bad[1], bad[2], bad[3], NOW))
                    .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo(bad[4]));
        }
    }
}
