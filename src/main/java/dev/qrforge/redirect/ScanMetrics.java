package dev.qrforge.redirect;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.EnumMap;
import java.util.Map;

/**
 * {@code qrforge_scans_total{outcome, scanner}}: every scan ({@code GET}, or a password gate's form posted; a
 * {@code HEAD} is no scan) by what it led to, and whether a person or a bot made it ({@code unidentified} when the
 * code was unknown or could not be looked up, before the scanner is). A gate's page shown is outcome
 * {@code password_required}; a scan that passed the gate is {@code redirected} like any other. The attempts at a
 * gate's password are {@code qrforge_password_attempts_total{result}}: {@code accepted}, {@code rejected} (a wrong
 * password), {@code limited} (refused unchecked, the budget spent). Every counter exists from the start, so counting
 * a scan is one increment and no lookup by tags on the redirect path.
 */
@ApplicationScoped
class ScanMetrics {

    enum Outcome {
        REDIRECTED(true), PAUSED(true), NOT_YET_VALID(true), EXPIRED(true), PASSWORD_REQUIRED(true), GONE(true),
        UNKNOWN(false), UNAVAILABLE(false);

        /** Whether the scanner is known by the time the scan ends this way. */
        final boolean scannerKnown;

        Outcome(boolean scannerKnown) {
            this.scannerKnown = scannerKnown;
        }
    }

    enum Attempt {
        ACCEPTED, REJECTED, LIMITED
    }

    @Inject
    MeterRegistry registry;

    private final Map<Outcome, Counter> byPeople = new EnumMap<>(Outcome.class);
    private final Map<Outcome, Counter> byBots = new EnumMap<>(Outcome.class);
    private final Map<Outcome, Counter> unidentified = new EnumMap<>(Outcome.class);
    private final Map<Attempt, Counter> attempts = new EnumMap<>(Attempt.class);

    @PostConstruct
    void register() {
        for (Outcome outcome : Outcome.values()) {
            if (outcome.scannerKnown) {
                byPeople.put(outcome, counter(outcome, "person"));
                byBots.put(outcome, counter(outcome, "bot"));
            } else {
                unidentified.put(outcome, counter(outcome, "unidentified"));
            }
        }
        for (Attempt attempt : Attempt.values()) {
            attempts.put(attempt, registry.counter("qrforge.password.attempts", "result",
                    attempt.name().toLowerCase()));
        }
    }

    private Counter counter(Outcome outcome, String scanner) {
        return registry.counter("qrforge.scans", "outcome", outcome.name().toLowerCase(), "scanner", scanner);
    }

    /** A scan answered before its scanner was told apart: an unknown code, or one that could not be looked up. */
    void unidentified(Outcome outcome) {
        unidentified.get(outcome).increment();
    }

    void scanned(Outcome outcome, boolean bot) {
        (bot ? byBots : byPeople).get(outcome).increment();
    }

    void attempted(Attempt attempt) {
        attempts.get(attempt).increment();
    }
}
