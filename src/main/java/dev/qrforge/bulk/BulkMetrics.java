package dev.qrforge.bulk;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;

/**
 * {@code qrforge_bulk_jobs_total{event}}: bulk jobs {@code started} (accepted anew, not resumed after a restart nor
 * answered again for a repeated idempotency key), and {@code completed} or {@code failed} once their closing has
 * committed.
 */
@ApplicationScoped
class BulkMetrics {

    @Inject
    MeterRegistry registry;

    private Counter started;
    private Counter completed;
    private Counter failed;

    @PostConstruct
    void register() {
        started = counter("started");
        completed = counter("completed");
        failed = counter("failed");
    }

    private Counter counter(String event) {
        return registry.counter("qrforge.bulk.jobs", "event", event);
    }

    void started() {
        started.increment();
    }

    void finished(@Observes(during = TransactionPhase.AFTER_SUCCESS) BulkJobFinished job) {
        (job.failed() ? failed : completed).increment();
    }
}
