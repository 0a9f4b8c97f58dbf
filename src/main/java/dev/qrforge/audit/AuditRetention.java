package dev.qrforge.audit;

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
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Nightly clean-up: entries older than {@code qrforge.audit.retention-days} (QRFORGE_AUDIT_RETENTION_DAYS, default
 * 365) go. Idempotent, so every node may run it, like the scans' retention.
 */
@Singleton
public class AuditRetention {

    private static final Logger LOG = Logger.getLogger(AuditRetention.class.getName());

    @Inject
    DataSource dataSource;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "qrforge.audit.retention-days", defaultValue = "365")
    int retentionDays;

    @Schedule(hour = "3", minute = "41", persistent = false)
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    void purge() {
        Instant cutoff = clock.instant().minus(Duration.ofDays(retentionDays));
        try (Connection connection = dataSource.getConnection()) {
            LOG.info("Audit retention: deleted " + purge(connection, cutoff) + " entries before " + cutoff);
        } catch (SQLException e) {
            throw new IllegalStateException("audit retention failed: " + e.getMessage(), e);
        }
    }

    /** Deletes the entries, of every workspace, written before {@code cutoff}; how many. */
    static int purge(Connection connection, Instant cutoff) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement("delete from audit_entry where created_at < ?")) {
            delete.setObject(1, OffsetDateTime.ofInstant(cutoff, ZoneOffset.UTC));
            return delete.executeUpdate();
        }
    }
}
