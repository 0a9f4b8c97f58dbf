package dev.qrforge.scan;

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
 * read, stay), and so do visitor keys of days before yesterday, in the visitor table and on the events: they can no
 * longer match a scan since keys rotate daily. Idempotent, so every node may run it.
 */
@Singleton
public class ScanRetention {

    private static final Logger LOG = Logger.getLogger(ScanRetention.class.getName());

    @Inject
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
                PreparedStatement visitors = connection.prepareStatement("delete from scan_visitor where scan_day < ?");
                // A visitor key only matters on its day; kept longer, it would be the one thing linking a scan to
                // a person (through the visitor secret), so events lose theirs with the visitor table's rows.
                PreparedStatement eventKeys = connection.prepareStatement("update scan_event set visitor_key = null"
                        + " where scanned_at < ? and visitor_key is not null")) {
            events.setObject(1, cutoff);
            LocalDate yesterday = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).minusDays(1);
            visitors.setObject(1, yesterday);
            eventKeys.setObject(1, yesterday.atStartOfDay().atOffset(ZoneOffset.UTC));
            LOG.info("Scan retention: deleted " + events.executeUpdate() + " events before " + cutoff + " and "
                    + visitors.executeUpdate() + " expired visitor keys; cleared the keys of "
                    + eventKeys.executeUpdate() + " events");
        } catch (SQLException e) {
            throw new IllegalStateException("scan retention failed: " + e.getMessage(), e);
        }
    }
}
