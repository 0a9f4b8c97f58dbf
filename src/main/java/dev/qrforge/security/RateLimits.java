package dev.qrforge.security;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Per-credential request budgets in fixed one-minute windows (the window GitHub's and Dub's X-RateLimit headers
 * describe): a credential may make {@code limit} requests of a kind in each calendar minute, on all nodes together.
 * Each node counts its own requests here and tells the others through {@link SharedUse}; a request is allowed when
 * this node's count plus the others' stays within the limit. Windows older than the current one are dropped as they
 * are replaced, and once a minute all of them, as keys such as a password gate's (code and client address) may never
 * come back.
 */
final class RateLimits {

    static final long WINDOW_SECONDS = 60;
    /** The last 1/4 of a budget is shared before each request is answered. */
    private static final int URGENT_FRACTION = 4;

    /** What one request learned: whether it may proceed, and what to tell the client. */
    record Decision(boolean allowed, int limit, int remaining, long resetEpochSecond) {
    }

    /**
     * The other nodes' use of a window. A node publishes its count as it admits a request. While much of the budget
     * is left, the others may see it one replication later; in the last quarter of the budget ({@code urgent}) the
     * publication is complete before the request is answered, so near the limit requests one after another are
     * counted exactly wherever they land, and requests deciding at the same moment on several nodes can exceed the
     * limit by about the requests in flight together.
     */
    interface SharedUse {

        /** A node on its own shares nothing. */
        SharedUse NONE = new SharedUse() {
            @Override
            public void publish(String window, int used, boolean urgent) {
            }

            @Override
            public int others(String window) {
                return 0;
            }
        };

        /**
         * Tells the other nodes that this node has used {@code used} of {@code window}; {@code urgent}: before this
         * method returns.
         */
        void publish(String window, int used, boolean urgent);

        /** What the other nodes have used of {@code window}, as they last published it. */
        int others(String window);
    }

    private record Window(long start, int used, boolean allowedLast) {
    }

    private final Map<String, Window> windows = new ConcurrentHashMap<>();
    private final SharedUse shared;
    /** The start of the newest window seen; when it moves on, the older windows go. */
    private final AtomicLong newestStart = new AtomicLong();

    RateLimits(SharedUse shared) {
        this.shared = shared;
    }

    /** Counts one request of {@code budget} by {@code credential} at {@code epochSecond} against {@code limit}. */
    Decision take(String credential, String budget, int limit, long epochSecond) {
        long start = epochSecond - Math.floorMod(epochSecond, WINDOW_SECONDS);
        String key = credential + ' ' + budget;
        String windowKey = key + ' ' + start;
        long newest = newestStart.get();
        if (start > newest && newestStart.compareAndSet(newest, start)) {
            // Conditional on each value: a window a request has just moved on to stays.
            windows.values().removeIf(window -> window.start() < start);
        }
        int others = shared.others(windowKey);
        // Only allowed requests count: a refused one uses nothing, here or on the other nodes.
        Window window = windows.compute(key, (k, current) -> {
            int used = current == null || current.start() != start ? 0 : current.used();
            return used + others < limit ? new Window(start, used + 1, true) : new Window(start, used, false);
        });
        if (window.allowedLast()) {
            shared.publish(windowKey, window.used(), window.used() + others >= limit - limit / URGENT_FRACTION);
        }
        return new Decision(window.allowedLast(), limit, Math.max(0, limit - window.used() - others),
                start + WINDOW_SECONDS);
    }

    /** How many keys' windows this node holds: what the sweep keeps to the current minute's. */
    int heldWindows() {
        return windows.size();
    }
}
