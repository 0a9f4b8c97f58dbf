package dev.qrforge.dynamic;

import static dev.qrforge.dynamic.RuleJsonSupport.rules;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.qrforge.scan.Route;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.random.RandomGeneratorFactory;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SplitTest {

    private static final RoutingFacts SCAN =
            new RoutingFacts("iOS", "mobile", "Safari", "DE", "de", Instant.parse("2026-01-07T12:00:00Z"), 0);
    private static final List<Rule> SEVENTY_THIRTY = rules("[{'split': ["
            + "{'destinationUrl': 'https://example.com/a', 'weight': 70},"
            + "{'destinationUrl': 'https://example.com/b', 'weight': 30}]}]");

    /** A generator that answers one fixed draw, checking it is asked for a number below the weights' sum. */
    private static RandomGenerator drawing(int value, int expectedBound) {
        return new RandomGenerator() {
            @Override
            public long nextLong() {
                throw new AssertionError("only nextInt(bound) is expected");
            }

            @Override
            public int nextInt(int bound) {
                assertThat(bound).isEqualTo(expectedBound);
                return value;
            }
        };
    }

    private static String destination(List<Rule> rules, RandomGenerator random) {
        return Router.route(rules, "https://example.com/default", null, SCAN, random).destinationUrl();
    }

    @Test
    void eachDrawMapsToTheArmWhoseWeightCoversIt() {
        assertThat(destination(SEVENTY_THIRTY, drawing(0, 100))).isEqualTo("https://example.com/a");
        assertThat(destination(SEVENTY_THIRTY, drawing(69, 100))).isEqualTo("https://example.com/a");
        assertThat(destination(SEVENTY_THIRTY, drawing(70, 100))).isEqualTo("https://example.com/b");
        assertThat(destination(SEVENTY_THIRTY, drawing(99, 100))).isEqualTo("https://example.com/b");
        List<Rule> three = rules("[{'split': [{'destinationUrl': 'https://example.com/a', 'weight': 1},"
                + " {'destinationUrl': 'https://example.com/b', 'weight': 1000},"
                + " {'destinationUrl': 'https://example.com/c', 'weight': 2}]}]");
        assertThat(destination(three, drawing(0, 1003))).isEqualTo("https://example.com/a");
        assertThat(destination(three, drawing(1, 1003))).isEqualTo("https://example.com/b");
        assertThat(destination(three, drawing(1000, 1003))).isEqualTo("https://example.com/b");
        assertThat(destination(three, drawing(1001, 1003))).isEqualTo("https://example.com/c");
        assertThat(destination(three, drawing(1002, 1003))).isEqualTo("https://example.com/c");
    }

    @Test
    void aScanRecordsTheRuleAndTheArmThatSentIt() {
        List<Rule> rules = rules("[{'when': {'os': ['Android']}, 'destinationUrl': 'https://example.com/android'},"
                + " {'name': 'spring test', 'split': [{'destinationUrl': 'https://example.com/a', 'weight': 70},"
                + " {'destinationUrl': 'https://example.com/b', 'weight': 30}]}]");
        assertThat(Router.route(rules, "https://example.com/default", null, SCAN, drawing(85, 100)))
                .isEqualTo(new Route(Route.RULE, 1, "spring test", 1, "https://example.com/b"));
        assertThat(Router.route(rules, "https://example.com/default", null, SCAN, drawing(3, 100)))
                .isEqualTo(new Route(Route.RULE, 1, "spring test", 0, "https://example.com/a"));
    }

    /**
     * 10,000 scans with a seeded generator. Each count is binomial: for a 70 % arm the standard deviation of
     * its share is sqrt(0.7 × 0.3 / 10,000) ≈ 0.46 percentage points, so ±3 points is 6.5 standard deviations.
     * Any correct split passes with any seed (a false alarm is rarer than 1 in 10^10), while a split that
     * ignores the weights (50/50) or swaps them (30/70) is 20 or more points off and fails.
     */
    @Test
    void tenThousandScansFollowTheWeights() {
        RandomGenerator random = RandomGeneratorFactory.of("L64X128MixRandom").create(20260107L);
        Map<String, Long> counts = IntStream.range(0, 10_000)
                .mapToObj(i -> destination(SEVENTY_THIRTY, random))
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        assertThat(counts).containsOnlyKeys("https://example.com/a", "https://example.com/b");
        assertThat(counts.get("https://example.com/a") / 100.0).isCloseTo(70.0, within(3.0));
        assertThat(counts.get("https://example.com/b") / 100.0).isCloseTo(30.0, within(3.0));
    }
}
