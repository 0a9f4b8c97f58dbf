package dev.qrforge.scan;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The container-managed timer that writes buffered scans every QRFORGE_SCAN_FLUSH_INTERVAL, and once more when
 * the application stops, so a graceful restart loses nothing and a crash loses at most one interval.
 * Non-persistent: a missed tick has nothing to catch up on, the next one writes everything.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigrations")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class ScanFlushTimer {

    @Resource
    TimerService timers;

    @Inject
    ScanBuffer buffer;

    /** ISO-8601 ({@code PT5S}) or plain seconds ({@code 5}, {@code 0.5}). */
    @Inject
    @ConfigProperty(name = "qrforge.scan-flush-interval", defaultValue = "5")
    String interval;

    @PostConstruct
    void schedule() {
        long millis = parseInterval(interval).toMillis();
        timers.createIntervalTimer(millis, millis, new TimerConfig(null, false));
    }

    @Timeout
    void tick() {
        buffer.flush();
    }

    @PreDestroy
    void flushBeforeStopping() {
        buffer.flush();
    }

    static Duration parseInterval(String value) {
        String text = value.strip();
        Duration duration;
        try {
            duration = text.toUpperCase().startsWith("P") ? Duration.parse(text)
                    : Duration.ofMillis(Math.round(Double.parseDouble(text) * 1000));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("QRFORGE_SCAN_FLUSH_INTERVAL must be seconds (e.g. 5) or ISO-8601"
                    + " (e.g. PT5S), got '" + value + "'", e);
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("QRFORGE_SCAN_FLUSH_INTERVAL must be positive, got '" + value + "'");
        }
        return duration;
    }
}
