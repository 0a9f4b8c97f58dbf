package dev.qrforge.scan;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Scans waiting to be written. The scan path only appends here (no database work, no lock); {@link ScanFlushTimer}
 * writes everything in one batched transaction every flush interval, and earlier when the buffer reaches its
 * capacity.
 *
 * <p>While the database takes writes, nothing is dropped: past twice the capacity the scan path writes the batch
 * itself, which slows scans down rather than losing them. While it does not (the last write failed), the scan path
 * never waits for it: scans go on being counted in memory, and past QRFORGE_SCAN_BUFFER_MAX_EVENTS buffered scans the
 * oldest scans' details (time, place, device, for analytics) are dropped while their counts are kept, so memory stays
 * bounded and every code's scan count stays exact. The number of scans whose details were lost is logged, shown by
 * the health check and counted in the metrics. When the database is back, the next flush writes every count and
 * every scan still buffered.
 *
 * <p>Real-time counts are the stored count plus this node's pending count. A flush commits and moves its counts
 * from pending to flushed under a write lock, and {@link #withCountsSteady} reads under the read lock, so a reader
 * never sees a scan twice or not at all.
 */
@ApplicationScoped
public class ScanBuffer {

    private static final Logger LOG = Logger.getLogger(ScanBuffer.class.getName());
    /** How often a lasting outage or lasting shedding is logged again. */
    private static final Duration LOG_EVERY = Duration.ofMinutes(1);

    @Inject
    ScanStore store;

    @Inject
    Clock clock;

    @Inject
    MeterRegistry registry;

    /** The container's managed executor, for early flushes off the scan path. */
    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    Executor executor;

    @Inject
    @ConfigProperty(name = "qrforge.scan-buffer-capacity", defaultValue = "50000")
    int capacity;

    @Inject
    @ConfigProperty(name = "qrforge.scan-buffer-max-events")
    Optional<Integer> maxEventsSetting;

    /** Buffered scans beyond which, while writes fail, the oldest scans' details are dropped. */
    private int maxEvents;
    private DistributionSummary flushSizes;
    private Timer flushesWritten;
    private Timer flushesFailed;

    private final ConcurrentLinkedQueue<ScanEvent> events = new ConcurrentLinkedQueue<>();
    private final AtomicInteger size = new AtomicInteger();
    private final Map<String, AtomicLong> pending = new ConcurrentHashMap<>();
    /** Counts of scans whose details were dropped, waiting to be written without them. */
    private final Map<String, AtomicLong> shedCounts = new ConcurrentHashMap<>();
    /** Counted scans this node has written, per code, since it started: never decreases. */
    private final Map<String, AtomicLong> flushed = new ConcurrentHashMap<>();
    private final ReadWriteLock countLock = new ReentrantReadWriteLock();
    private final AtomicBoolean earlyFlushRequested = new AtomicBoolean();
    private final AtomicLong detailsLost = new AtomicLong();
    /** When writes began failing, or null while they succeed. */
    private volatile Instant failingSince;
    private volatile Instant lastFailureLogged = Instant.MIN;
    private volatile Instant lastSheddingLogged = Instant.MIN;

    @PostConstruct
    void bound() {
        maxEvents = maxEventsSetting.orElse(2 * capacity);
        if (maxEvents < capacity) {
            throw new IllegalArgumentException("QRFORGE_SCAN_BUFFER_MAX_EVENTS (" + maxEvents + ") must be at least"
                    + " QRFORGE_SCAN_BUFFER_CAPACITY (" + capacity + ")");
        }
        registerMeters();
    }

    /**
     * The buffer's depth, the scans whose details it dropped (the only scans it loses: a failed write puts its batch
     * back), and each batch a flush writes: its size and how long the write took.
     */
    private void registerMeters() {
        registry.gauge("qrforge.scan.buffer.depth", Tags.empty(), this, ScanBuffer::bufferedEvents);
        registry.more().counter("qrforge.scan.details.lost", Tags.empty(), this, ScanBuffer::detailsLost);
        flushSizes = registry.summary("qrforge.scan.flush.size");
        flushesWritten = registry.timer("qrforge.scan.flush", "outcome", "written");
        flushesFailed = registry.timer("qrforge.scan.flush", "outcome", "failed");
    }

    public void record(ScanEvent event) {
        if (event.counted()) {
            pending.computeIfAbsent(event.codeId(), id -> new AtomicLong()).incrementAndGet();
        }
        events.add(event);
        int buffered = size.incrementAndGet();
        if (failingSince != null) {
            if (buffered > maxEvents) {
                shedOldest();
            }
            return;
        }
        if (buffered >= 2 * capacity) {
            flush();
        } else if (buffered >= capacity && earlyFlushRequested.compareAndSet(false, true)) {
            executor.execute(this::flush);
        }
    }

    /**
     * Whether the buffer holds fewer scans than its capacity: recording one now asks for no flush on the recording
     * thread (that takes twice the capacity), so a thread that must not wait may record it.
     */
    public boolean belowCapacity() {
        return size.get() < capacity;
    }

    /** Counted scans of this code that this node holds and has not written yet. */
    public long pending(String codeId) {
        AtomicLong count = pending.get(codeId);
        return count == null ? 0 : count.get();
    }

    /** Counted scans of this code this node has written since it started. */
    public long flushed(String codeId) {
        AtomicLong count = flushed.get(codeId);
        return count == null ? 0 : count.get();
    }

    /** Scans buffered with their details. */
    public int bufferedEvents() {
        return size.get();
    }

    /** Counted scans of all codes not yet written. */
    public long unwrittenCounts() {
        return pending.values().stream().mapToLong(AtomicLong::get).sum();
    }

    /** Scans whose details were dropped since the start, their counts kept, because writes failed for too long. */
    public long detailsLost() {
        return detailsLost.get();
    }

    /** When writing began failing, if it is failing now. */
    public Optional<Instant> failingSince() {
        return Optional.ofNullable(failingSince);
    }

    /**
     * Runs {@code work} while no flush can commit, so that counts it reads from the database and from
     * {@link #pending}/{@link #flushed} describe the same moment.
     */
    public <T> T withCountsSteady(Supplier<T> work) {
        countLock.readLock().lock();
        try {
            return work.get();
        } finally {
            countLock.readLock().unlock();
        }
    }

    /**
     * Writes what was buffered when it was called, in batches of at most the capacity, and the counts of scans whose
     * details were dropped. Scans arriving meanwhile wait for the next flush, so a flush always ends and a scan
     * thread blocked behind one (see {@link #record}) waits for a bounded amount of work, not for a flush chasing a
     * steady stream. If the database fails, everything goes back to the buffer for the next flush.
     */
    public synchronized void flush() {
        earlyFlushRequested.set(false);
        int remaining = size.get();
        boolean first = true;
        while (remaining > 0 || first && !shedCounts.isEmpty()) {
            List<ScanEvent> batch = drain(Math.min(remaining, capacity));
            remaining -= batch.size();
            Map<String, Long> counts = new HashMap<>();
            for (ScanEvent event : batch) {
                if (event.counted()) {
                    counts.merge(event.codeId(), 1L, Long::sum);
                }
            }
            Map<String, Long> shed = first ? takeShedCounts() : Map.of();
            shed.forEach((codeId, n) -> counts.merge(codeId, n, Long::sum));
            first = false;
            if (batch.isEmpty() && counts.isEmpty()) {
                return;
            }
            countLock.writeLock().lock();
            long start = System.nanoTime();
            try {
                store.write(batch, counts);
                counts.forEach((codeId, n) -> {
                    pending.get(codeId).addAndGet(-n);
                    flushed.computeIfAbsent(codeId, id -> new AtomicLong()).addAndGet(n);
                });
            } catch (RuntimeException e) {
                flushesFailed.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
                putBack(batch, shed);
                writesFailing(e);
                return;
            } finally {
                countLock.writeLock().unlock();
            }
            flushesWritten.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
            flushSizes.record(batch.size());
            writesSucceeding();
        }
    }

    /**
     * Drops what this node holds of these codes' scans, for an erasure: their buffered events and unwritten counts.
     * Under the flush's monitor, so no batch of theirs is being written meanwhile; under the count lock, so a reader
     * of real-time counts sees them go at once. Scans arriving during the call may stay; the flush drops those of
     * deleted codes ({@link ScanTables#write}).
     */
    public synchronized void forget(Collection<String> codeIds) {
        Set<String> forgotten = Set.copyOf(codeIds);
        countLock.writeLock().lock();
        try {
            int removed = 0;
            for (Iterator<ScanEvent> it = events.iterator(); it.hasNext();) {
                ScanEvent event = it.next();
                if (forgotten.contains(event.codeId())) {
                    it.remove();
                    removed++;
                    if (event.counted()) {
                        pending.get(event.codeId()).decrementAndGet();
                    }
                }
            }
            size.addAndGet(-removed);
            for (String codeId : forgotten) {
                AtomicLong shed = shedCounts.remove(codeId);
                if (shed != null) {
                    pending.get(codeId).addAndGet(-shed.get());
                }
            }
        } finally {
            countLock.writeLock().unlock();
        }
    }

    private List<ScanEvent> drain(int limit) {
        List<ScanEvent> batch = new ArrayList<>(limit);
        ScanEvent event;
        while (batch.size() < limit && (event = events.poll()) != null) {
            batch.add(event);
        }
        size.addAndGet(-batch.size());
        return batch;
    }

    private Map<String, Long> takeShedCounts() {
        Map<String, Long> taken = new HashMap<>();
        shedCounts.forEach((codeId, count) -> {
            long n = count.getAndSet(0);
            if (n > 0) {
                taken.put(codeId, n);
            }
        });
        return taken;
    }

    private void putBack(List<ScanEvent> batch, Map<String, Long> shed) {
        events.addAll(batch);
        size.addAndGet(batch.size());
        shed.forEach((codeId, n) -> shedCounts.computeIfAbsent(codeId, id -> new AtomicLong()).addAndGet(n));
        // The batch went back to the end of the queue; shed from the front until the bound holds again.
        boolean more = true;
        while (more && size.get() > maxEvents) {
            more = shedOldest();
        }
    }

    /** Drops the oldest buffered scan's details, keeping its count to be written. */
    private boolean shedOldest() {
        ScanEvent oldest = events.poll();
        if (oldest == null) {
            return false;
        }
        size.decrementAndGet();
        if (oldest.counted()) {
            shedCounts.computeIfAbsent(oldest.codeId(), id -> new AtomicLong()).incrementAndGet();
        }
        long lost = detailsLost.incrementAndGet();
        Instant now = clock.instant();
        if (now.isAfter(lastSheddingLogged.plus(LOG_EVERY))) {
            lastSheddingLogged = now;
            LOG.warning(() -> "Scan buffer full at " + maxEvents + " scans while the database takes no writes: the"
                    + " oldest scans' details are being dropped, their counts kept; " + lost
                    + " scans' details lost so far");
        }
        return true;
    }

    private void writesFailing(RuntimeException e) {
        Instant now = clock.instant();
        if (failingSince == null) {
            failingSince = now;
            lastFailureLogged = now;
            LOG.log(Level.WARNING, "Writing scans failed; they stay buffered and are counted in memory (the oldest"
                    + " scans' details are dropped past " + maxEvents + " buffered scans, their counts kept)", e);
        } else if (now.isAfter(lastFailureLogged.plus(LOG_EVERY))) {
            lastFailureLogged = now;
            LOG.warning(() -> "Writing scans has been failing since " + failingSince + ": " + e.getMessage() + "; "
                    + size.get() + " scans buffered, " + unwrittenCounts() + " counts unwritten, "
                    + detailsLost.get() + " scans' details lost so far");
        }
    }

    private void writesSucceeding() {
        Instant since = failingSince;
        if (since != null) {
            failingSince = null;
            LOG.info(() -> "Writing scans works again after failing since " + since + "; " + detailsLost.get()
                    + " scans' details were lost in all, their counts kept");
        }
    }
}
