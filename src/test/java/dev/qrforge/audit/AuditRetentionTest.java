package dev.qrforge.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.testing.MigratedDatabases;
import dev.qrforge.testing.OnEachDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The audit log's retention on a real database ({@link MigratedDatabases}): only what is older than the cutoff goes. */
@Tag(MigratedDatabases.TAG)
class AuditRetentionTest {

    @RegisterExtension
    static final MigratedDatabases.Schema PG_SCHEMA = new MigratedDatabases.Schema("qrforge_audit_retention_test");
    private static final Instant CUTOFF = Instant.parse("2025-11-26T03:41:00Z");

    @OnEachDatabase
    void entriesBeforeTheCutoffGoInEveryWorkspaceAndTheRestStay(String database) throws SQLException {
        DataSource dataSource = PG_SCHEMA.migrated(database);
        try (Connection connection = dataSource.getConnection()) {
            try (Statement sql = connection.createStatement()) {
                sql.execute("insert into workspace values ('ws_1', 'one', current_timestamp)");
                sql.execute("insert into workspace values ('ws_2', 'two', current_timestamp)");
            }
            entry(connection, "aud_old_1", "ws_1", CUTOFF.minusSeconds(86_400));
            entry(connection, "aud_old_2", "ws_2", CUTOFF.minusNanos(1_000));
            entry(connection, "aud_at", "ws_1", CUTOFF);
            entry(connection, "aud_new", "ws_2", CUTOFF.plusSeconds(60));

            assertThat(AuditRetention.purge(connection, CUTOFF)).isEqualTo(2);
            assertThat(ids(connection)).containsExactly("aud_at", "aud_new");
            assertThat(AuditRetention.purge(connection, CUTOFF)).as("again: nothing more").isZero();
        }
    }

    private static void entry(Connection connection, String id, String workspace, Instant at) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("insert into audit_entry (id, workspace_id,"
                + " created_at, actor, action, resource_type, resource_id, before_fields, after_fields, address,"
                + " request_id) values (?, ?, ?, 'key_1', 'delete', 'webhook', 'wh_1', '{\"url\":\"https://a\"}',"
                + " '{}', '203.0.113.7', 'req_1')")) {
            insert.setString(1, id);
            insert.setString(2, workspace);
            insert.setObject(3, OffsetDateTime.ofInstant(at, ZoneOffset.UTC));
            insert.executeUpdate();
        }
    }

    private static List<String> ids(Connection connection) throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Statement sql = connection.createStatement();
                ResultSet rows = sql.executeQuery("select id from audit_entry order by created_at")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }
}
