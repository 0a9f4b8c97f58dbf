package dev.qrforge.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GenerationMetricsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final GenerationMetrics metrics = metrics();

    private GenerationMetrics metrics() {
        GenerationMetrics metrics = new GenerationMetrics();
        metrics.registry = registry;
        metrics.register();
        return metrics;
    }

    private double count(String format, String outcome) {
        return registry.get("qrforge.generations").tag("format", format).tag("outcome", outcome).counter().count();
    }

    @Test
    void eachGenerationIsCountedOnceByFormatAndHowItEnded() throws Exception {
        assertThat(metrics.count(ImageFormat.SVG, () -> "svg")).isEqualTo("svg");
        assertThatThrownBy(() -> metrics.count(ImageFormat.PNG, () -> {
            throw new ApiException(ErrorCode.SERVICE_UNAVAILABLE, null, "busy", Map.of());
        })).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> metrics.count(ImageFormat.PNG, () -> {
            throw ApiException.invalid("data", "too long");
        })).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> metrics.count(ImageFormat.SVG, () -> {
            throw new InterruptedException();
        })).isInstanceOf(InterruptedException.class);

        assertThat(count("svg", "generated")).isEqualTo(1);
        assertThat(count("png", "busy")).isEqualTo(1);
        assertThat(count("png", "invalid")).isEqualTo(1);
        assertThat(count("svg", "failed")).isEqualTo(1);
        assertThat(registry.get("qrforge.generations").counters()).as("every format and outcome from the start")
                .hasSize(ImageFormat.values().length * GenerationMetrics.Outcome.values().length);
        assertThat(registry.get("qrforge.generations").counters().stream().mapToDouble(c -> c.count()).sum())
                .isEqualTo(4);
    }
}
