package dev.qrforge.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RateLimitsTest {

    private static final long MINUTE_START = 1_790_000_040L;

    @Test
    void aBudgetAllowsItsLimitPerMinuteThenRefusesUntilTheNextMinute() {
        RateLimits limits = new RateLimits(RateLimits.SharedUse.NONE);
        for (int i = 1; i <= 3; i++) {
            RateLimits.Decision decision = limits.take("key_a", "generation", 3, MINUTE_START + i);
            assertThat(decision.allowed()).isTrue();
            assertThat(decision.remaining()).isEqualTo(3 - i);
            assertThat(decision.resetEpochSecond()).isEqualTo(MINUTE_START + 60);
        }
        RateLimits.Decision refused = limits.take("key_a", "generation", 3, MINUTE_START + 59);
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.remaining()).isZero();
        assertThat(limits.take("key_a", "generation", 3, MINUTE_START + 59).allowed()).isFalse();

        RateLimits.Decision nextMinute = limits.take("key_a", "generation", 3, MINUTE_START + 60);
        assertThat(nextMinute.allowed()).isTrue();
        assertThat(nextMinute.remaining()).isEqualTo(2);
        assertThat(nextMinute.resetEpochSecond()).isEqualTo(MINUTE_START + 120);
    }

    @Test
    void budgetsAreSeparatePerCredentialAndPerKind() {
        RateLimits limits = new RateLimits(RateLimits.SharedUse.NONE);
        assertThat(limits.take("key_a", "generation", 1, MINUTE_START).allowed()).isTrue();
        assertThat(limits.take("key_a", "generation", 1, MINUTE_START).allowed()).isFalse();

        assertThat(limits.take("key_a", "reads", 1, MINUTE_START).allowed()).isTrue();
        assertThat(limits.take("key_b", "generation", 1, MINUTE_START).allowed()).isTrue();
    }

    /** A password gate's keys (code and client address) may never come back: their windows must not pile up. */
    @Test
    void aNewMinuteDropsTheWindowsOfEarlierOnes() {
        RateLimits limits = new RateLimits(RateLimits.SharedUse.NONE);
        for (int client = 0; client < 100; client++) {
            limits.take("menu7 203.0.113." + client, "password-gate", 10, MINUTE_START + 1);
        }
        assertThat(limits.heldWindows()).isEqualTo(100);
        limits.take("menu7 198.51.100.1", "password-gate", 10, MINUTE_START + 61);
        assertThat(limits.heldWindows()).isEqualTo(1);
        assertThat(limits.take("menu7 198.51.100.1", "password-gate", 10, MINUTE_START + 62).remaining()).isEqualTo(8);
    }

    @Test
    void nodesSharingTheirUseTogetherAllowTheLimitOnce() {
        Map<String, Map<String, Integer>> published = new HashMap<>();
        RateLimits nodeA = new RateLimits(sharing("a", published));
        RateLimits nodeB = new RateLimits(sharing("b", published));
        int allowed = 0;
        for (int i = 0; i < 10; i++) {
            RateLimits node = i % 2 == 0 ? nodeA : nodeB;
            RateLimits.Decision decision = node.take("key_a", "generation", 5, MINUTE_START + i);
            if (decision.allowed()) {
                allowed++;
                assertThat(decision.remaining()).isEqualTo(5 - allowed);
            }
        }
        assertThat(allowed).isEqualTo(5);
        assertThat(nodeB.take("key_a", "reads", 5, MINUTE_START + 10).allowed()).isTrue();
        assertThat(nodeA.take("key_a", "generation", 5, MINUTE_START + 60).remaining()).isEqualTo(4);
    }

    @Test
    void theLastQuarterOfABudgetIsSharedUrgently() {
        List<Boolean> urgent = new ArrayList<>();
        RateLimits limits = new RateLimits(new RateLimits.SharedUse() {
            @Override
            public void publish(String window, int used, boolean now) {
                urgent.add(now);
            }

            @Override
            public int others(String window) {
                return 0;
            }
        });
        for (int i = 0; i < 10; i++) {
            limits.take("key_a", "generation", 8, MINUTE_START);
        }
        // Refused requests publish nothing.
        assertThat(urgent).containsExactly(false, false, false, false, false, true, true, true);
    }

    /** One node's view of a published table shared by every node, as the replicated cache gives it. */
    private static RateLimits.SharedUse sharing(String node, Map<String, Map<String, Integer>> published) {
        return new RateLimits.SharedUse() {
            @Override
            public void publish(String window, int used, boolean urgent) {
                published.computeIfAbsent(window, w -> new HashMap<>()).put(node, used);
            }

            @Override
            public int others(String window) {
                return published.getOrDefault(window, Map.of()).entrySet().stream()
                        .filter(e -> !e.getKey().equals(node)).mapToInt(Map.Entry::getValue).sum();
            }
        };
    }
}
