package dev.qrforge.scan;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
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
 * capacity. Nothing is ever dropped: past twice the capacity, the scan path writes the batch itself, which slows
 * scans down rather than losing them.
 *
 * <p>Real-time counts are the stored count plus this node's pending count. A flush commits and moves its counts
 * from pending to flushed under a write lock, and {@link #withCountsSteady} reads under the read lock, so a reader
 * never sees a scan twice or not at all.
 */
@ApplicationScoped
public class ScanBuffer {

    private static final Logger LOG = Logger.getLogger(ScanBuffer.class.getName());

    @Inject
    ScanStore store;

    /** The container's managed executor, for early flushes off the scan path. */
    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    Executor executor;

    @Inject
    @ConfigProperty(name = "qrforge.scan-buffer-capacity", defaultValue = "50000")
    int capacity;

    private final ConcurrentLinkedQueue<ScanEvent> events = new ConcurrentLinkedQueue<>();
    private final AtomicInteger size = new AtomicInteger();
    private final Map<String, AtomicLong> pending = new ConcurrentHashMap<>();
    /** Counted scans this node has written, per code, since it started: never decreases. */
    private final Map<String, AtomicLong> flushed = new ConcurrentHashMap<>();
    private final ReadWriteLock countLock = new ReentrantReadWriteLock();
    private final AtomicBoolean earlyFlushRequested = new AtomicBoolean();

    public void record(ScanEvent event) {
        if (event.counted()) {
            pending.computeIfAbsent(event.codeId(), id -> new AtomicLong()).incrementAndGet();
        }
        events.add(event);
        int buffered = size.incrementAndGet();
        if (buffered >= 2 * capacity) {
            flush();
        } else if (buffered >= capacity && earlyFlushRequested.compareAndSet(false, true)) {
            executor.execute(this::flush);
        }
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
     * Writes what was buffered when it was called, in batches of at most the capacity. Scans arriving meanwhile
     * wait for the next flush, so a flush always ends and a scan thread blocked behind one (see {@link #record})
     * waits for a bounded amount of work, not for a flush chasing a steady stream. If the database fails, the
     * batch goes back to the buffer for the next flush.
     */
    public synchronized void flush() {
        earlyFlushRequested.set(false);
        int remaining = size.get();
        while (remaining > 0) {
            List<ScanEvent> batch = drain(Math.min(remaining, capacity));
            if (batch.isEmpty()) {
                return;
            }
            remaining -= batch.size();
            Map<String, Long> counts = new HashMap<>();
            for (ScanEvent event : batch) {
                if (event.counted()) {
                    counts.merge(event.codeId(), 1L, Long::sum);
                }
            }
            countLock.writeLock().lock();
            try {
                store.write(batch, counts);
                counts.forEach((codeId, n) -> {
                    pending.get(codeId).addAndGet(-n);
                    flushed.computeIfAbsent(codeId, id -> new AtomicLong()).addAndGet(n);
                });
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Writing " + batch.size() + " scans failed; they stay buffered", e);
                events.addAll(batch);
                size.addAndGet(batch.size());
                return;
            } finally {
                countLock.writeLock().unlock();
            }
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
}
