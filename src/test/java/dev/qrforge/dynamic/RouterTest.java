package dev.qrforge.dynamic;

import static dev.qrforge.dynamic.RuleJsonSupport.rules;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import dev.qrforge.scan.Route;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RouterTest {

    private static final String DEFAULT = "https://example.com/default";
    private static final String HIT = "https://example.com/hit";
    /** A Wednesday, noon UTC. */
    private static final Instant WEDNESDAY_NOON = Instant.parse("2026-01-07T12:00:00Z");
    private static final RoutingFacts SCAN = new RoutingFacts("iOS", "mobile", "Safari", "DE", "de", WEDNESDAY_NOON, 0);
    /** Fails the test if a rule draws a number when it has no split. */
    private static final RandomGenerator NO_DRAW = () -> {
        throw new AssertionError("no random draw expected");
    };

    /** Where {@code scan} goes under one rule with the given {@code when} that sends matches to {@link #HIT}. */
    private static String route(String when, RoutingFacts scan) {
        return Router.route(rules("[{'when': " + when + ", 'destinationUrl': '" + HIT + "'}]"), DEFAULT, null,
                scan, NO_DRAW).destinationUrl();
    }

    private static boolean matches(String when, RoutingFacts scan) {
        return route(when, scan).equals(HIT);
    }

    private static RoutingFacts at(String instant) {
        return new RoutingFacts(SCAN.os(), SCAN.device(), SCAN.browser(), SCAN.country(), SCAN.language(),
                Instant.parse(instant), SCAN.scanCountBefore());
    }

    private static RoutingFacts with(String dimension, String value) {
        return switch (dimension) {
            case "os" -> new RoutingFacts(value, "mobile", "Safari", "DE", "de", WEDNESDAY_NOON, 0);
            case "device" -> new RoutingFacts("iOS", value, "Safari", "DE", "de", WEDNESDAY_NOON, 0);
            case "browser" -> new RoutingFacts("iOS", "mobile", value, "DE", "de", WEDNESDAY_NOON, 0);
            case "country" -> new RoutingFacts("iOS", "mobile", "Safari", value, "de", WEDNESDAY_NOON, 0);
            case "language" -> new RoutingFacts("iOS", "mobile", "Safari", "DE", value, WEDNESDAY_NOON, 0);
            default -> throw new IllegalArgumentException(dimension);
        };
    }

    @ParameterizedTest
    @CsvSource({
        "os,       iOS,      Android,          Windows",
        "device,   mobile,   tablet,           desktop",
        "browser,  Safari,   Samsung Internet, Chrome",
        "country,  DE,       AT,               FR",
        "language, de,       en,               fr",
    })
    void listConditionIsMetByAnyOfItsValuesAndNeverByAnUnknown(String dimension, String first, String second,
            String unlisted) {
        String when = "{'" + dimension + "': ['" + first + "', '" + second + "']}";
        assertThat(matches(when, with(dimension, first))).isTrue();
        assertThat(matches(when, with(dimension, second))).isTrue();
        assertThat(matches(when, with(dimension, unlisted))).isFalse();
        assertThat(matches(when, with(dimension, null))).isFalse();
    }

    @Test
    void everyConditionOfARuleMustHold() {
        String when = "{'country': ['DE', 'AT'], 'language': ['de']}";
        assertThat(matches(when, with("language", "de"))).isTrue();
        assertThat(matches(when, with("language", "en"))).isFalse();
        assertThat(matches(when, with("country", "FR"))).isFalse();
    }

    @Test
    void emptyOrAbsentConditionsMatchEvenAScanThatKnowsNothing() {
        RoutingFacts unknown = new RoutingFacts(null, null, null, null, null, WEDNESDAY_NOON, 0);
        assertThat(matches("{}", unknown)).isTrue();
        assertThat(Router.route(rules("[{'destinationUrl': '" + HIT + "'}]"), DEFAULT, null, unknown, NO_DRAW).destinationUrl())
                .isEqualTo(HIT);
    }

    @Test
    void firstMatchingRuleWinsAndNoMatchFallsBackToTheDefault() {
        List<Rule> rules = rules("[{'when': {'os': ['Android']}, 'destinationUrl': 'https://example.com/android'},"
                + " {'when': {'device': ['mobile']}, 'destinationUrl': 'https://example.com/mobile'},"
                + " {'when': {'os': ['iOS']}, 'destinationUrl': 'https://example.com/ios'}]");
        assertThat(Router.route(rules, DEFAULT, null, SCAN, NO_DRAW).destinationUrl()).isEqualTo("https://example.com/mobile");
        assertThat(Router.route(rules, DEFAULT, null, with("os", "Android"), NO_DRAW).destinationUrl())
                .isEqualTo("https://example.com/android");
        assertThat(Router.route(rules, DEFAULT, null, with("device", "desktop"), NO_DRAW).destinationUrl())
                .isEqualTo("https://example.com/ios");
        assertThat(Router.route(rules, DEFAULT, null,
                new RoutingFacts("Windows", "desktop", "Edge", "DE", "de", WEDNESDAY_NOON, 0), NO_DRAW).destinationUrl())
                .isEqualTo(DEFAULT);
        assertThat(Router.route(List.of(), DEFAULT, null, SCAN, NO_DRAW).destinationUrl()).isEqualTo(DEFAULT);
        assertThat(Router.route(rules, DEFAULT, null, with("os", "Android"), NO_DRAW))
                .isEqualTo(new Route(Route.RULE, 0, null, null, "https://example.com/android"));
        assertThat(Router.route(List.of(), DEFAULT, null, SCAN, NO_DRAW)).isEqualTo(Route.byDefault(DEFAULT));
    }

    @Test
    void timeWindowIncludesItsStartAndExcludesItsEnd() {
        String when = "{'timeFrom': '09:00', 'timeTo': '17:30'}";
        assertThat(matches(when, at("2026-01-07T08:59:59Z"))).isFalse();
        assertThat(matches(when, at("2026-01-07T09:00:00Z"))).isTrue();
        assertThat(matches(when, at("2026-01-07T17:29:59Z"))).isTrue();
        assertThat(matches(when, at("2026-01-07T17:30:00Z"))).isFalse();
    }

    @Test
    void windowMayWrapMidnight() {
        String night = "{'timeFrom': '22:00', 'timeTo': '06:00'}";
        assertThat(matches(night, at("2026-01-07T21:59:59Z"))).isFalse();
        assertThat(matches(night, at("2026-01-07T22:00:00Z"))).isTrue();
        assertThat(matches(night, at("2026-01-07T23:59:59Z"))).isTrue();
        assertThat(matches(night, at("2026-01-08T00:00:00Z"))).isTrue();
        assertThat(matches(night, at("2026-01-08T05:59:59Z"))).isTrue();
        assertThat(matches(night, at("2026-01-08T06:00:00Z"))).isFalse();
        assertThat(matches(night, at("2026-01-08T12:00:00Z"))).isFalse();
        String lateEvening = "{'timeFrom': '22:00', 'timeTo': '00:00'}";
        assertThat(matches(lateEvening, at("2026-01-07T23:59:59Z"))).isTrue();
        assertThat(matches(lateEvening, at("2026-01-08T00:00:00Z"))).isFalse();
        assertThat(matches(lateEvening, at("2026-01-07T21:59:59Z"))).isFalse();
    }

    @Test
    void daysAndWindowAreReadIndependentlyOnTheLocalDate() {
        String saturdayNights = "{'daysOfWeek': ['saturday'], 'timeFrom': '22:00', 'timeTo': '06:00'}";
        assertThat(matches(saturdayNights, at("2026-01-10T02:00:00Z"))).isTrue();
        assertThat(matches(saturdayNights, at("2026-01-10T23:00:00Z"))).isTrue();
        assertThat(matches(saturdayNights, at("2026-01-11T02:00:00Z"))).as("sunday 02:00").isFalse();
        assertThat(matches(saturdayNights, at("2026-01-10T12:00:00Z"))).isFalse();
    }

    @Test
    void windowIsReadOnTheZonesWallClockAcrossDaylightSaving() {
        String office = "{'timeFrom': '09:00', 'timeTo': '17:30', 'timezone': 'Europe/Berlin'}";
        // CET is UTC+1 in winter, CEST UTC+2 in summer.
        assertThat(matches(office, at("2026-01-07T07:59:59Z"))).isFalse();
        assertThat(matches(office, at("2026-01-07T08:00:00Z"))).isTrue();
        assertThat(matches(office, at("2026-01-07T16:29:59Z"))).isTrue();
        assertThat(matches(office, at("2026-01-07T16:30:00Z"))).isFalse();
        assertThat(matches(office, at("2026-07-08T06:59:59Z"))).isFalse();
        assertThat(matches(office, at("2026-07-08T07:00:00Z"))).isTrue();
        assertThat(matches(office, at("2026-07-08T15:29:59Z"))).isTrue();
        assertThat(matches(office, at("2026-07-08T15:30:00Z"))).isFalse();
    }

    @Test
    void dayOfWeekIsTheZonesLocalDayEvenOnTheDayClocksChange() {
        String sundayInBerlin = "{'daysOfWeek': ['sunday'], 'timezone': 'Europe/Berlin'}";
        // Saturday 23:30 in UTC is already Sunday 00:30 in Berlin.
        assertThat(matches(sundayInBerlin, at("2026-01-03T23:30:00Z"))).isTrue();
        assertThat(matches("{'daysOfWeek': ['sunday']}", at("2026-01-03T23:30:00Z"))).isFalse();
        // 29 March 2026 is 23 hours long in Berlin: it starts at 23:00 UTC (CET) and ends at 22:00 UTC (CEST).
        assertThat(matches(sundayInBerlin, at("2026-03-28T22:59:59Z"))).isFalse();
        assertThat(matches(sundayInBerlin, at("2026-03-28T23:00:00Z"))).isTrue();
        assertThat(matches(sundayInBerlin, at("2026-03-29T21:59:59Z"))).isTrue();
        assertThat(matches(sundayInBerlin, at("2026-03-29T22:00:00Z"))).isFalse();
        // Far east: Monday 00:30 in Auckland is still Sunday in UTC.
        assertThat(matches("{'daysOfWeek': ['monday'], 'timezone': 'Pacific/Auckland'}",
                at("2026-01-11T11:30:00Z"))).isTrue();
    }

    @Test
    void periodIncludesStartAndExcludesEnd() {
        String advent = "{'startAt': '2026-12-01T00:00:00Z', 'endAt': '2026-12-24T00:00:00Z'}";
        assertThat(matches(advent, at("2026-11-30T23:59:59Z"))).isFalse();
        assertThat(matches(advent, at("2026-12-01T00:00:00Z"))).isTrue();
        assertThat(matches(advent, at("2026-12-23T23:59:59.999Z"))).isTrue();
        assertThat(matches(advent, at("2026-12-24T00:00:00Z"))).isFalse();
        assertThat(matches("{'startAt': '2026-12-01T00:00:00Z'}", at("2099-01-01T00:00:00Z"))).isTrue();
        assertThat(matches("{'endAt': '2026-12-24T00:00:00Z'}", at("2000-01-01T00:00:00Z"))).isTrue();
    }

    @Test
    void scanCountBelowCountsTheScansBeforeThisOne() {
        String firstHundred = "{'scanCountBelow': 100}";
        assertThat(matches(firstHundred, new RoutingFacts(null, null, null, null, null, WEDNESDAY_NOON, 0))).isTrue();
        assertThat(matches(firstHundred, new RoutingFacts(null, null, null, null, null, WEDNESDAY_NOON, 99)))
                .as("the 100th scan").isTrue();
        assertThat(matches(firstHundred, new RoutingFacts(null, null, null, null, null, WEDNESDAY_NOON, 100)))
                .as("the 101st scan").isFalse();
    }
}
