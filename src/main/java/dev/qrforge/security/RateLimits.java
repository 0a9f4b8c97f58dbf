package dev.qrforge.security;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-credential request budgets in fixed one-minute windows (the window GitHub's and Dub's X-RateLimit headers
 * describe): a credential may make {@code limit} requests of a kind in each calendar minute. Counters live in this
 * node's memory; windows older than the current one are dropped as they are replaced.
 */
final class RateLimits {

    static final long WINDOW_SECONDS = 60;

    /** What one request learned: whether it may proceed, and what to tell the client. */
    record Decision(boolean allowed, int limit, int remaining, long resetEpochSecond) {
    }

    private record Window(long start, int used) {
    }

    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    /** Counts one request of {@code budget} by {@code credential} at {@code epochSecond} against {@code limit}. */
    Decision take(String credential, String budget, int limit, long epochSecond) {
        long start = epochSecond - Math.floorMod(epochSecond, WINDOW_SECONDS);
        // Refused requests count too, but only up to limit + 1: enough to know the window is spent.
        Window window = windows.compute(credential + ' ' + budget, (key, current) ->
                current == null || current.start() != start ? new Window(start, 1)
                        : new Window(start, Math.min(current.used() + 1, limit + 1)));
        return new Decision(window.used() <= limit, limit, Math.max(0, limit - window.used()),
                start + WINDOW_SECONDS);
    }
}
