package dev.qrforge.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RateLimitsTest {

    private static final long MINUTE_START = 1_790_000_040L;

    @Test
    void aBudgetAllowsItsLimitPerMinuteThenRefusesUntilTheNextMinute() {
        RateLimits limits = new RateLimits();
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
        RateLimits limits = new RateLimits();
        assertThat(limits.take("key_a", "generation", 1, MINUTE_START).allowed()).isTrue();
        assertThat(limits.take("key_a", "generation", 1, MINUTE_START).allowed()).isFalse();

        assertThat(limits.take("key_a", "reads", 1, MINUTE_START).allowed()).isTrue();
        assertThat(limits.take("key_b", "generation", 1, MINUTE_START).allowed()).isTrue();
    }
}
