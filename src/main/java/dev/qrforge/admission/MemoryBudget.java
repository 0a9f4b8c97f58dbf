package dev.qrforge.admission;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fixed amount of heap that work must reserve before it allocates, so that the sum of what runs at once never
 * exceeds it. Reservations are granted first come, first served: a large one waiting is not overtaken forever by
 * small ones. Counted in KiB, which keeps a semaphore's int permits ample for any heap.
 */
public final class MemoryBudget {

    private static final long KIB = 1024;
    private static final long MIB = KIB * KIB;
    private static final Pattern SETTING = Pattern.compile("(\\d+)\\s*(%|mb|gb)", Pattern.CASE_INSENSITIVE);
    private static final int PERCENT = 100;

    private final int capacityKib;
    private final Semaphore permits;

    /** A budget of {@code capacityBytes}, at least 1 KiB. */
    public MemoryBudget(long capacityBytes) {
        this.capacityKib = (int) Math.max(1, Math.min(Integer.MAX_VALUE, capacityBytes / KIB));
        this.permits = new Semaphore(capacityKib, true);
    }

    /**
     * Parses a budget setting against the heap it is carved from: a percentage of the maximum heap ({@code 25%}), or
     * an absolute size in {@code MB} or {@code GB}.
     *
     * @throws IllegalArgumentException on anything else, or a percentage outside 1–100
     */
    public static long parse(String setting, long maxHeapBytes) {
        Matcher m = SETTING.matcher(setting.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("a memory budget is a percentage of the heap (25%) or a size"
                    + " (256MB, 1GB), got '" + setting + "'");
        }
        long amount = Long.parseLong(m.group(1));
        return switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "%" -> {
                if (amount < 1 || amount > PERCENT) {
                    throw new IllegalArgumentException("a memory budget percentage must be 1–100, got " + setting);
                }
                yield maxHeapBytes * amount / PERCENT;
            }
            case "mb" -> amount * MIB;
            default -> amount * MIB * KIB;
        };
    }

    /**
     * Reserves {@code bytes}, waiting at most {@code wait} for them to be free. A reservation larger than the whole
     * budget is granted as the whole budget: such work runs only when nothing else does.
     *
     * @return the reservation, or empty if the wait ran out
     */
    public Optional<Reservation> tryReserve(long bytes, Duration wait) throws InterruptedException {
        int kib = kib(bytes);
        return permits.tryAcquire(kib, wait.toNanos(), TimeUnit.NANOSECONDS)
                ? Optional.of(new Reservation(kib)) : Optional.empty();
    }

    /** Reserves {@code bytes}, waiting as long as it takes. */
    public Reservation reserve(long bytes) throws InterruptedException {
        int kib = kib(bytes);
        permits.acquire(kib);
        return new Reservation(kib);
    }

    public long capacityBytes() {
        return capacityKib * KIB;
    }

    /** Bytes not reserved at this moment. */
    public long availableBytes() {
        return permits.availablePermits() * KIB;
    }

    private int kib(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("cannot reserve " + bytes + " bytes");
        }
        return (int) Math.max(1, Math.min(capacityKib, (bytes + KIB - 1) / KIB));
    }

    /** Memory held until closed; closing twice releases once. */
    public final class Reservation implements AutoCloseable {

        private final int kib;
        private final AtomicBoolean held = new AtomicBoolean(true);

        private Reservation(int kib) {
            this.kib = kib;
        }

        public long bytes() {
            return kib * KIB;
        }

        @Override
        public void close() {
            if (held.compareAndSet(true, false)) {
                permits.release(kib);
            }
        }
    }
}
