package dev.qrforge.admission;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.HttpHeaders;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Admission control for image work. Every render (generation, bulk item, composite, image drawn again) first
 * reserves the heap it will hold, as its cost model estimates it, from one budget carved out of the heap
 * (QRFORGE_RENDER_MEMORY_BUDGET), and then runs in one of QRFORGE_RENDER_CONCURRENCY render slots (as many as cores
 * by default). An API request that cannot get both within QRFORGE_RENDER_ADMISSION_WAIT_MILLIS is answered
 * 503 SERVICE_UNAVAILABLE with {@code Retry-After}; batch work waits its turn. Work costlier than the whole budget runs
 * alone, holding all of it, up to QRFORGE_RENDER_LARGEST; costlier work still is refused before it starts
 * ({@link #requireFits}), as no wait would make room for it beside WildFly's own heap. So more work than the heap can
 * hold queues or is turned away, and never ends in an OutOfMemoryError.
 *
 * <p>The slots exist because rendering is CPU-bound: more renders at once than cores only stretch each render, and
 * so the time its buffers stay alive. On JDK 17 it also keeps garbage collection possible: Java2D pins the image it
 * draws on for the duration of each native fill, which holds the collector off, and dozens of renders drawing at
 * once were measured to starve it into full collections of an exhausted heap.
 */
@ApplicationScoped
public class RenderAdmission {

    private static final Logger LOG = Logger.getLogger(RenderAdmission.class.getName());
    private static final String RETRY_AFTER_SECONDS = "1";
    private static final long MB = 1024 * 1024;

    @Inject
    @ConfigProperty(name = "qrforge.render.memory-budget", defaultValue = "25%")
    String budgetSetting;

    @Inject
    @ConfigProperty(name = "qrforge.render.largest", defaultValue = "50%")
    String largestSetting;

    @Inject
    @ConfigProperty(name = "qrforge.render.concurrency")
    Optional<Integer> concurrencySetting;

    @Inject
    @ConfigProperty(name = "qrforge.render.admission-wait-millis", defaultValue = "2000")
    long waitMillis;

    @Inject
    HeldReservations held;

    @Inject
    MeterRegistry registry;

    private MemoryBudget budget;
    /** The costliest single render admitted, at least the budget. */
    private long largest;
    private Semaphore slots;
    /** How long admitted work waited for its memory and a slot, API requests and batch work apart. */
    private Timer requestWaits;
    private Timer batchWaits;
    /** API requests turned away (503) because render memory or a slot stayed taken for the admission wait. */
    private Counter rejected;

    @PostConstruct
    void size() {
        long heap = Runtime.getRuntime().maxMemory();
        budget = new MemoryBudget(MemoryBudget.parse(budgetSetting, heap));
        largest = Math.max(budget.capacityBytes(), MemoryBudget.parse(largestSetting, heap));
        int concurrency = concurrencySetting.orElse(Runtime.getRuntime().availableProcessors());
        if (concurrency < 1) {
            throw new IllegalArgumentException("QRFORGE_RENDER_CONCURRENCY must be at least 1, got " + concurrency);
        }
        slots = new Semaphore(concurrency, true);
        requestWaits = waits("request");
        batchWaits = waits("batch");
        rejected = registry.counter("qrforge.render.admission.rejections");
        LOG.info(() -> "Render admission: " + budget.capacityBytes() / MB + " MB of a "
                + Runtime.getRuntime().maxMemory() / MB + " MB heap (QRFORGE_RENDER_MEMORY_BUDGET=" + budgetSetting
                + "), " + concurrency + " renders at once, none costlier than " + largest / MB
                + " MB (QRFORGE_RENDER_LARGEST=" + largestSetting + ")");
    }

    /**
     * Runs {@code render} for the current HTTP request once {@code bytes} are reserved (held until the response has
     * been written, as the image is part of it) and a render slot is free.
     *
     * @throws ApiException 503 SERVICE_UNAVAILABLE if either stays taken for the admission wait
     */
    public <T> T forRequest(long bytes, Supplier<T> render) {
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        try {
            held.hold(budget.tryReserve(bytes, Duration.ofMillis(waitMillis)).orElseThrow(this::busy));
            if (!slots.tryAcquire(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                throw busy();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw busy();
        }
        requestWaits.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        try {
            return render.get();
        } finally {
            slots.release();
        }
    }

    /** Runs {@code render} for batch work, waiting as long as it takes for its memory and a slot. */
    public <T> T inBatch(long bytes, Supplier<T> render) throws InterruptedException {
        long start = System.nanoTime();
        try (MemoryBudget.Reservation reserved = budget.reserve(bytes)) {
            slots.acquire();
            batchWaits.record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
            try {
                return render.get();
            } finally {
                slots.release();
            }
        }
    }

    /**
     * Refuses work that can never be admitted, before it starts.
     *
     * @param what the work, as the message's subject ("drawing this code as a 5000 px WEBP")
     * @param instead what the caller can ask for instead
     * @throws ApiException 413 PAYLOAD_TOO_LARGE on {@code field} if {@code bytes} exceed QRFORGE_RENDER_LARGEST
     */
    public void requireFits(long bytes, String field, String what, String instead) {
        if (bytes > largest) {
            throw new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, field, what + " takes about " + megabytes(bytes)
                    + " MB of memory, more than the largest render this server admits (" + megabytes(largest)
                    + " MB of its heap); " + instead);
        }
    }

    public long availableBytes() {
        return budget.availableBytes();
    }

    /** API requests turned away with 503 since the start. */
    public long rejected() {
        return (long) rejected.count();
    }

    private static long megabytes(long bytes) {
        return (bytes + MB - 1) / MB;
    }

    private Timer waits(String work) {
        return registry.timer("qrforge.render.admission.wait", "work", work);
    }

    private ApiException busy() {
        rejected.increment();
        return new ApiException(ErrorCode.SERVICE_UNAVAILABLE, null, "the server is rendering as much as its memory"
                + " and processors allow; retry after the time in Retry-After",
                Map.of(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS));
    }
}
