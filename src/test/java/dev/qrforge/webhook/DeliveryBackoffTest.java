package dev.qrforge.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DeliveryBackoffTest {

    private static final Duration BASE = Duration.ofSeconds(30);
    private static final Duration MAX = Duration.ofHours(1);

    @Test
    void delaysDoubleFromTheBaseUpToTheMaximum() {
        assertThat(DeliveryWorker.delay(1, BASE, MAX)).isEqualTo(Duration.ofSeconds(30));
        assertThat(DeliveryWorker.delay(2, BASE, MAX)).isEqualTo(Duration.ofSeconds(60));
        assertThat(DeliveryWorker.delay(5, BASE, MAX)).isEqualTo(Duration.ofMinutes(8));
        assertThat(DeliveryWorker.delay(7, BASE, MAX)).isEqualTo(Duration.ofMinutes(32));
        assertThat(DeliveryWorker.delay(8, BASE, MAX)).as("64 minutes, capped").isEqualTo(MAX);
        assertThat(DeliveryWorker.delay(1000, BASE, MAX)).isEqualTo(MAX);
    }
}
