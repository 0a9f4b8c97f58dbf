package dev.qrforge.qr;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.EnumMap;
import java.util.Map;

/**
 * {@code qrforge_generations_total{format, outcome}}: every new rendering of a code (created, dynamic, restyled,
 * bulk item), by format and by how it ended: {@code generated}, {@code invalid} (the data fits no QR version),
 * {@code busy} (turned away by render admission) or {@code failed}.
 */
@ApplicationScoped
class GenerationMetrics {

    enum Outcome {
        GENERATED, INVALID, BUSY, FAILED
    }

    @Inject
    MeterRegistry registry;

    private final Map<ImageFormat, Map<Outcome, Counter>> counters = new EnumMap<>(ImageFormat.class);

    @PostConstruct
    void register() {
        for (ImageFormat format : ImageFormat.values()) {
            Map<Outcome, Counter> byOutcome = new EnumMap<>(Outcome.class);
            for (Outcome outcome : Outcome.values()) {
                byOutcome.put(outcome, registry.counter("qrforge.generations", "format", format.wireName(),
                        "outcome", outcome.name().toLowerCase()));
            }
            counters.put(format, byOutcome);
        }
    }

    /** A rendering, which batch work may interrupt while it waits for admission. */
    interface Generation<T, E extends Exception> {
        T run() throws E;
    }

    /** Runs {@code generation} of a code in {@code format} and counts how it ended. */
    <T, E extends Exception> T count(ImageFormat format, Generation<T, E> generation) throws E {
        Outcome outcome = Outcome.FAILED;
        try {
            T generated = generation.run();
            outcome = Outcome.GENERATED;
            return generated;
        } catch (ApiException e) {
            outcome = outcomeOf(e);
            throw e;
        } finally {
            counters.get(format).get(outcome).increment();
        }
    }

    static Outcome outcomeOf(ApiException e) {
        return e.code() == ErrorCode.SERVICE_UNAVAILABLE ? Outcome.BUSY
                : e.code() == ErrorCode.INVALID_PARAMETER ? Outcome.INVALID : Outcome.FAILED;
    }
}
