package dev.qrforge.security;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;

/**
 * Budgets of attempts at a secret (a password gate's password) per subject, such as a code and a client address:
 * the API's rate limits ({@link RateLimits}, one-minute windows) counted across the cluster the same way
 * ({@link ReplicatedUse}), so guessing on several nodes at once gets no more tries than on one.
 */
@ApplicationScoped
public class AttemptLimits {

    /** Whether an attempt may be made, and if not, in how many seconds the next one may. */
    public record Attempt(boolean allowed, long retryAfterSeconds) {
    }

    @Inject
    ReplicatedUse shared;

    @Inject
    Clock clock;

    private RateLimits limits;

    @PostConstruct
    void start() {
        limits = new RateLimits(shared);
    }

    /**
     * Counts one attempt of {@code kind} by {@code subject} against {@code perMinute}; a refused attempt counts
     * nothing.
     */
    public Attempt take(String subject, String kind, int perMinute) {
        long now = clock.instant().getEpochSecond();
        RateLimits.Decision decision = limits.take(subject, kind, perMinute, now);
        return new Attempt(decision.allowed(), Math.max(1, decision.resetEpochSecond() - now));
    }
}
