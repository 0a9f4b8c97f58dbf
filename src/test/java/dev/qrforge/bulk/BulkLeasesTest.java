package dev.qrforge.bulk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.testing.MigratedDatabases;
import dev.qrforge.testing.OnEachDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Bulk job leases on a real database ({@link MigratedDatabases}): claiming a job whose node is gone, renewing, and
 * a node that lost a job being unable to record results for it.
 */
@Tag(MigratedDatabases.TAG)
class BulkLeasesTest {

    @RegisterExtension
    static final MigratedDatabases.Schema PG_SCHEMA = new MigratedDatabases.Schema("qrforge_bulk_lease_test");
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final Instant PAST = NOW.minusSeconds(1);
    private static final Instant LATER = NOW.plusSeconds(30);
    private static final String NODE_A = "node-a";
    private static final String NODE_B = "node-b";

    private static DataSource migrated(String database) throws SQLException {
        DataSource dataSource = PG_SCHEMA.migrated(database);
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            sql.execute("insert into workspace values ('ws_1', 'one', current_timestamp)");
        }
        return dataSource;
    }

    @OnEachDatabase
    void anExpiredLeaseIsClaimedByExactlyOneOfTwoClaimers(String database) throws Exception {
        DataSource dataSource = migrated(database);
        try (Connection a = dataSource.getConnection(); Connection b = dataSource.getConnection()) {
            job(a, "job_1", "gone", "STARTED", PAST, 0);
            a.setAutoCommit(false);
            b.setAutoCommit(false);

            assertThat(BulkLeases.claim(a, "job_1", NODE_A, NOW, LATER)).isTrue();
            // B claims while A's claim is not committed yet (it waits for the row) or just after: either way, late.
            CompletableFuture<Boolean> second = CompletableFuture.supplyAsync(() -> {
                try {
                    boolean claimed = BulkLeases.claim(b, "job_1", NODE_B, NOW, LATER.plusSeconds(1));
                    b.commit();
                    return claimed;
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            a.commit();

            assertThat(second.get()).as("the second claimer").isFalse();
            assertThat(lease(a, "job_1")).isEqualTo(NODE_A + "@" + LATER);
        }
    }

    @OnEachDatabase
    void aLiveLeaseIsNotClaimedNorAFinishedJob(String database) throws SQLException {
        DataSource dataSource = migrated(database);
        try (Connection connection = dataSource.getConnection()) {
            job(connection, "job_live", NODE_B, "STARTED", NOW.plusSeconds(10), 0);
            job(connection, "job_done", "gone", "COMPLETED", PAST, 0);

            assertThat(BulkLeases.expired(connection, NOW, BulkLeases.CANDIDATES)).isEmpty();
            assertThat(BulkLeases.claim(connection, "job_live", NODE_A, NOW, LATER)).isFalse();
            assertThat(BulkLeases.claim(connection, "job_live", NODE_A, NOW.plusSeconds(10), LATER))
                    .as("a lease is live until its last instant").isFalse();
            assertThat(BulkLeases.claim(connection, "job_done", NODE_A, NOW, LATER)).isFalse();
            assertThat(lease(connection, "job_live")).isEqualTo(NODE_B + "@" + NOW.plusSeconds(10));

            assertThat(BulkLeases.expired(connection, NOW.plusSeconds(11), BulkLeases.CANDIDATES))
                    .containsExactly(new BulkLeases.Expired("job_live", NODE_B, NOW.plusSeconds(10)));
            assertThat(BulkLeases.claim(connection, "job_live", NODE_A, NOW.plusSeconds(11), LATER)).isTrue();
        }
    }

    @OnEachDatabase
    void renewalExtendsOnlyThisNodesJobs(String database) throws SQLException {
        DataSource dataSource = migrated(database);
        try (Connection connection = dataSource.getConnection()) {
            job(connection, "job_mine", NODE_A, "STARTED", NOW, 0);
            job(connection, "job_theirs", NODE_B, "STARTED", NOW, 0);
            job(connection, "job_finished", NODE_A, "COMPLETED", NOW, 0);

            assertThat(BulkLeases.renew(connection, "job_mine", NODE_A, LATER)).isEqualTo(BulkLeases.Renewal.RENEWED);
            assertThat(BulkLeases.renew(connection, "job_theirs", NODE_A, LATER)).isEqualTo(BulkLeases.Renewal.LOST);
            assertThat(BulkLeases.renew(connection, "job_finished", NODE_A, LATER))
                    .isEqualTo(BulkLeases.Renewal.FINISHED);

            assertThat(lease(connection, "job_mine")).isEqualTo(NODE_A + "@" + LATER);
            assertThat(lease(connection, "job_theirs")).isEqualTo(NODE_B + "@" + NOW);
            assertThat(lease(connection, "job_finished")).isEqualTo(NODE_A + "@" + NOW);
            assertThat(BulkLeases.held(connection, NODE_A)).containsExactly("job_mine");
        }
    }

    @OnEachDatabase
    void aNodeThatLostItsJobCannotRecordResults(String database) throws SQLException {
        DataSource dataSource = migrated(database);
        try (Connection connection = dataSource.getConnection()) {
            job(connection, "job_1", NODE_A, "STARTED", NOW, 2);
            BulkItemWriter.record(connection, NODE_A, List.of(done("job_1", 0, "qr_a0")));

            assertThat(BulkLeases.claim(connection, "job_1", NODE_B, NOW.plusSeconds(1), LATER)).isTrue();
            assertThatThrownBy(() -> BulkItemWriter.record(connection, NODE_A, List.of(done("job_1", 1, "qr_a1"))))
                    .isInstanceOf(BulkLeases.Lost.class).hasMessageContaining("no longer held by node " + NODE_A);
            assertThat(items(connection, "job_1")).containsExactly("0:DONE:qr_a0", "1:PENDING:null");
            assertThat(counts(connection, "job_1")).isEqualTo("1/0");

            BulkItemWriter.record(connection, NODE_B, List.of(
                    new BulkItemProcessor.Outcome("job_1", 1, null, "items[1].data", "no")));
            assertThat(items(connection, "job_1")).containsExactly("0:DONE:qr_a0", "1:FAILED:null");
            assertThat(counts(connection, "job_1")).isEqualTo("1/1");
        }
    }

    @OnEachDatabase
    void anItemRecordedOnceIsNotRecordedAgain(String database) throws SQLException {
        DataSource dataSource = migrated(database);
        try (Connection connection = dataSource.getConnection()) {
            job(connection, "job_1", NODE_A, "STARTED", NOW, 2);
            BulkItemWriter.record(connection, NODE_A, List.of(done("job_1", 0, "qr_first")));

            connection.setAutoCommit(false);
            assertThatThrownBy(() -> BulkItemWriter.record(connection, NODE_A,
                    List.of(done("job_1", 1, "qr_b1"), done("job_1", 0, "qr_second"))))
                    .isInstanceOf(BulkLeases.Lost.class).hasMessageContaining("item 0");
            // What the batch runtime does with a chunk whose writer threw.
            connection.rollback();
            connection.setAutoCommit(true);

            assertThat(items(connection, "job_1")).containsExactly("0:DONE:qr_first", "1:PENDING:null");
            assertThat(counts(connection, "job_1")).isEqualTo("1/0");
        }
    }

    @OnEachDatabase
    void aNodeStopsWhatWasTakenFromItAndDoesNotTakeItBackWhileItStillRunsIt(String database) throws SQLException {
        DataSource dataSource = migrated(database);
        BulkLeases leases = new BulkLeases();
        leases.dataSource = dataSource;
        leases.clock = Clock.fixed(NOW, ZoneOffset.UTC);
        leases.leaseMillis = 30_000;
        leases.renewIntervalMillis = 5_000;
        String node = BulkJobs.nodeName();
        try (Connection connection = dataSource.getConnection()) {
            job(connection, "job_1", node, "STARTED", NOW, 1);
            job(connection, "job_2", node, "STARTED", NOW, 1);
        }
        assertThat(leases.starting("job_1")).isTrue();
        leases.started("job_1", 7);
        assertThat(leases.starting("job_1")).as("a second execution of one job on one node").isFalse();
        assertThat(leases.starting("job_2")).isTrue();
        leases.started("job_2", 8);
        try (Connection connection = dataSource.getConnection()) {
            assertThat(BulkLeases.claim(connection, "job_1", NODE_B, NOW.plusSeconds(1), PAST)).isTrue();
        }

        assertThat(leases.renew()).as("executions to stop").containsExactly(7L);
        assertThat(leases.renew()).as("asked once").isEmpty();
        try (Connection connection = dataSource.getConnection()) {
            assertThat(lease(connection, "job_2")).isEqualTo(node + "@" + LATER);
            assertThat(lease(connection, "job_1")).as("node B's, lapsed since").isEqualTo(NODE_B + "@" + PAST);
        }
        assertThat(leases.claimOne()).as("job_1 still has an execution here").isEmpty();

        leases.ended("job_1", 7);
        assertThat(leases.claimOne()).contains(new BulkLeases.Expired("job_1", NODE_B, PAST));
        assertThat(leases.starting("job_1")).isTrue();
        assertThat(leases.reclaimOwn()).containsExactlyInAnyOrder("job_1", "job_2");
    }

    private static BulkItemProcessor.Outcome done(String jobId, int index, String qrCodeId) {
        return new BulkItemProcessor.Outcome(jobId, index, qrCodeId, null, null);
    }

    private static void job(Connection connection, String id, String node, String status, Instant leaseUntil,
            int items) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("insert into bulk_job (id, workspace_id, status,"
                + " total, succeeded, failed, node_name, created_at, lease_until) values (?, 'ws_1', ?, ?, 0, 0, ?, ?,"
                + " ?)")) {
            insert.setString(1, id);
            insert.setString(2, status);
            insert.setInt(3, items);
            insert.setString(4, node);
            insert.setObject(5, OffsetDateTime.ofInstant(NOW.minusSeconds(60), ZoneOffset.UTC));
            insert.setObject(6, OffsetDateTime.ofInstant(leaseUntil, ZoneOffset.UTC));
            insert.executeUpdate();
        }
        try (PreparedStatement insert = connection.prepareStatement("insert into bulk_item (job_id, item_index,"
                + " request, filename, status) values (?, ?, '{}', ?, 'PENDING')")) {
            for (int i = 0; i < items; i++) {
                insert.setString(1, id);
                insert.setInt(2, i);
                insert.setString(3, i + ".svg");
                insert.executeUpdate();
            }
        }
    }

    /** node@leaseUntil */
    private static String lease(Connection connection, String jobId) throws SQLException {
        return one(connection, "select node_name, lease_until from bulk_job where id = ?", jobId,
                row -> row.getString(1) + "@" + row.getObject(2, OffsetDateTime.class).toInstant());
    }

    /** succeeded/failed */
    private static String counts(Connection connection, String jobId) throws SQLException {
        return one(connection, "select succeeded, failed from bulk_job where id = ?", jobId,
                row -> row.getInt(1) + "/" + row.getInt(2));
    }

    /** index:status:qrCodeId, in index order */
    private static List<String> items(Connection connection, String jobId) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement("select item_index, status, qr_code_id"
                + " from bulk_item where job_id = ? order by item_index")) {
            select.setString(1, jobId);
            try (ResultSet row = select.executeQuery()) {
                List<String> items = new ArrayList<>();
                while (row.next()) {
                    items.add(row.getInt(1) + ":" + row.getString(2) + ":" + row.getString(3));
                }
                return items;
            }
        }
    }

    private interface Column {
        String read(ResultSet row) throws SQLException;
    }

    private static String one(Connection connection, String query, String id, Column column) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement(query)) {
            select.setString(1, id);
            try (ResultSet row = select.executeQuery()) {
                if (!row.next()) {
                    throw new AssertionError("no bulk job " + id);
                }
                return column.read(row);
            }
        }
    }
}
