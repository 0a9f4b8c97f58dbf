package dev.qrforge.scan;

import jakarta.annotation.Resource;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Nightly clean-up: raw scan events older than QRFORGE_SCAN_EVENT_RETENTION_DAYS go (the rollups, which the analytics
 * read, stay), and so do visitor keys of days before yesterday, which can no longer match a scan since keys rotate
 * daily. Idempotent, so every node may run it.
 */
@Singleton
public class ScanRetention {

    private static final Logger LOG = Logger.getLogger(ScanRetention.class.getName());

    @Resource
    DataSource dataSource;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "qrforge.scan-event-retention-days", defaultValue = "90")
    int retentionDays;

    @Schedule(hour = "3", minute = "17", persistent = false)
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    void purge() {
        OffsetDateTime cutoff = OffsetDateTime.ofInstant(clock.instant().minus(Duration.ofDays(retentionDays)),
                ZoneOffset.UTC);
        try (Connection connection = dataSource.getConnection();
                PreparedStatement events = connection.prepareStatement("delete from scan_event where scanned_at < ?");
                PreparedStatement visitors = connection.prepareStatement("delete from scan_visitor where scan_day < ?")) {
            events.setObject(1, cutoff);
            visitors.setObject(1, LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).minusDays(1));
            LOG.info("Scan retention: deleted " + events.executeUpdate() + " events before " + cutoff + " and "
                    + visitors.executeUpdate() + " expired visitor keys");
        } catch (SQLException e) {
            throw new IllegalStateException("scan retention failed: " + e.getMessage(), e);
        }
    }
}
