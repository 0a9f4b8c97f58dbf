package dev.qrforge.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.testing.MigratedDatabases;
import dev.qrforge.testing.OnEachDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The outbox on a real database ({@link MigratedDatabases}): an event for a webhook that another transaction deletes
 * while the event's producer is still running must not fail the producer's transaction.
 */
@Tag(MigratedDatabases.TAG)
class OutboxTest {

    @RegisterExtension
    static final MigratedDatabases.Schema PG_SCHEMA = new MigratedDatabases.Schema("qrforge_outbox_test");
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

    private static DataSource migrated(String database) throws SQLException {
        DataSource dataSource = PG_SCHEMA.migrated(database);
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            sql.execute("insert into workspace values ('ws_1', 'one', current_timestamp)");
            for (String id : List.of("wh_kept", "wh_deleted")) {
                sql.execute("insert into webhook (id, workspace_id, url, events, secret, created_at) values ('" + id
                        + "', 'ws_1', 'https://example.com/hook', 'code.deleted', 'secret', current_timestamp)");
            }
        }
        return dataSource;
    }

    @OnEachDatabase
    void anEventForAWebhookDeletedMeanwhileIsDroppedAndTheRestCommit(String database) throws Exception {
        DataSource dataSource = migrated(database);
        try (Connection producer = dataSource.getConnection(); Connection deleter = dataSource.getConnection()) {
            producer.setAutoCommit(false);
            deleter.setAutoCommit(false);
            try (Statement sql = deleter.createStatement()) {
                sql.executeUpdate("delete from webhook where id = 'wh_deleted'");
            }
            // The producer adds while the deletion is not committed yet (it waits for the row) or just after:
            // either way the webhook is gone by the time its event would be in.
            CompletableFuture<Void> added = CompletableFuture.runAsync(() -> {
                try {
                    Outbox.add(producer, List.of(event("wh_kept"), event("wh_deleted"), event("wh_kept")));
                    producer.commit();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            deleter.commit();
            added.get();

            assertThat(deliveries(producer)).containsExactly(Map.entry("wh_kept", 2));
        }
    }

    @OnEachDatabase
    void aWebhookDeletedAfterItsEventsWereAddedTakesThemWithIt(String database) throws Exception {
        DataSource dataSource = migrated(database);
        try (Connection producer = dataSource.getConnection(); Connection deleter = dataSource.getConnection()) {
            producer.setAutoCommit(false);
            Outbox.add(producer, List.of(event("wh_deleted")));
            CompletableFuture<Void> deleted = CompletableFuture.runAsync(() -> {
                try (Statement sql = deleter.createStatement()) {
                    sql.executeUpdate("delete from webhook where id = 'wh_deleted'");
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            producer.commit();
            deleted.get();

            assertThat(deliveries(producer)).isEmpty();
        }
    }

    private static Outbox.NewEvent event(String webhookId) {
        return new Outbox.NewEvent(webhookId, EventType.CODE_DELETED, NOW, Map.of("qrCodeId", "qr_1"));
    }

    private static Map<String, Integer> deliveries(Connection connection) throws SQLException {
        try (Statement sql = connection.createStatement();
                ResultSet rows = sql.executeQuery(
                        "select webhook_id, count(*) from webhook_delivery group by webhook_id")) {
            Map<String, Integer> counts = new TreeMap<>();
            while (rows.next()) {
                counts.put(rows.getString(1), rows.getInt(2));
            }
            return counts;
        }
    }
}
