package dev.qrforge.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.qrforge.client.ClientFacts;
import dev.qrforge.testing.MigratedDatabases;
import dev.qrforge.testing.OnEachDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Routes, erasure and deleted codes in the scan tables, on a real database ({@link MigratedDatabases}): what a split
 * test reads, what a data-protection request removes, and that a flush never writes scans of a deleted code.
 */
@Tag(MigratedDatabases.TAG)
class ScanErasureTest {

    @RegisterExtension
    static final MigratedDatabases.Schema PG_SCHEMA = new MigratedDatabases.Schema("qrforge_erasure_test");
    private static final Instant AT = Instant.parse("2026-03-01T10:15:00Z");
    private static final ClientFacts PERSON = new ClientFacts("iOS", "18.1", "mobile", "Safari", "18.1", "US", null,
            null, "en", null, false, null);
    private static final ClientFacts BOT = new ClientFacts(null, null, "other", "Googlebot", "2.1", "US", null, null,
            null, null, true, null);
    private static final Route ARM_B = new Route(Route.RULE, 0, "spring", 1, "https://example.com/b");

    @OnEachDatabase
    void routesAreRolledUpWithTheirFirstVisitsAndExported(String database) throws SQLException {
        ScanStore store = store(database);
        insertCode(store.dataSource, "dyn_a", false);
        store.write(List.of(scan("dyn_a", "v1", ARM_B), scan("dyn_a", "v1", ARM_B),
                scan("dyn_a", "v2", Route.byDefault("https://example.com/default"))), Map.of("dyn_a", 3L));

        try (Connection connection = store.dataSource.getConnection(); Statement sql = connection.createStatement();
                ResultSet hour = sql.executeQuery("select breakdown from scan_hourly")) {
            assertThat(hour.next()).isTrue();
            Breakdown breakdown = Breakdown.parse(hour.getString(1));
            assertThat(breakdown.of("route")).containsEntry(ARM_B.key(), 2L)
                    .containsEntry(Route.byDefault("https://example.com/default").key(), 1L);
            assertThat(breakdown.of("route_unique")).as("v1's second scan is not a first visit")
                    .containsEntry(ARM_B.key(), 1L);
        }
        List<StoredScan> exported = new ArrayList<>();
        store.export("dyn_a", AT.minusSeconds(60), AT.plusSeconds(60), exported::add);
        assertThat(exported).extracting(StoredScan::rule, StoredScan::arm, StoredScan::destination)
                .contains(tuple(0, 1, "https://example.com/b"),
                        tuple(null, null, "https://example.com/default"));
    }

    @OnEachDatabase
    void erasureRemovesEveryTraceOfTheCodesAndNothingElse(String database) throws SQLException {
        ScanStore store = store(database);
        insertCode(store.dataSource, "dyn_a", false);
        insertCode(store.dataSource, "dyn_b", false);
        store.write(List.of(scan("dyn_a", "v1", ARM_B), scan("dyn_b", "v1", ARM_B)),
                Map.of("dyn_a", 1L, "dyn_b", 1L));

        store.erase(List.of("dyn_a"));

        for (String table : List.of("scan_event", "scan_visitor", "scan_hourly", "scan_daily")) {
            assertThat(count(store.dataSource, table, "dyn_a")).as(table + " of the erased code").isZero();
            assertThat(count(store.dataSource, table, "dyn_b")).as(table + " of the other code").isEqualTo(1);
        }
        assertThat(scanCount(store.dataSource, "dyn_a")).isZero();
        assertThat(scanCount(store.dataSource, "dyn_b")).isEqualTo(1);
    }

    @OnEachDatabase
    void aFlushDropsTheScansOfDeletedCodes(String database) throws SQLException {
        ScanStore store = store(database);
        insertCode(store.dataSource, "dyn_a", true);
        insertCode(store.dataSource, "dyn_b", false);
        store.write(List.of(scan("dyn_a", "v1", ARM_B), new ScanEvent("dyn_a", AT, BOT, null, null),
                scan("dyn_b", "v1", ARM_B), new ScanEvent("dyn_c", AT, BOT, null, null)),
                Map.of("dyn_a", 1L, "dyn_b", 1L));

        assertThat(count(store.dataSource, "scan_event", "dyn_a")).as("a bot's scan too").isZero();
        assertThat(count(store.dataSource, "scan_event", "dyn_c")).as("a code the table does not know").isEqualTo(1);
        assertThat(count(store.dataSource, "scan_hourly", "dyn_a")).isZero();
        assertThat(scanCount(store.dataSource, "dyn_a")).isZero();
        assertThat(count(store.dataSource, "scan_event", "dyn_b")).isEqualTo(1);
        assertThat(scanCount(store.dataSource, "dyn_b")).isEqualTo(1);
    }

    @OnEachDatabase
    void retentionDropsOldEventsAndTheVisitorKeysOfEveryDayButTheLastTwo(String database) throws SQLException {
        ScanStore store = store(database);
        insertCode(store.dataSource, "dyn_a", false);
        Instant now = Instant.parse("2026-03-10T03:17:00Z");
        store.write(List.of(new ScanEvent("dyn_a", now.minus(Duration.ofDays(100)), PERSON, "old", ARM_B),
                new ScanEvent("dyn_a", now.minus(Duration.ofDays(3)), PERSON, "last-week", ARM_B),
                new ScanEvent("dyn_a", now.minus(Duration.ofHours(20)), PERSON, "yesterday", ARM_B)),
                Map.of("dyn_a", 3L));
        ScanRetention retention = new ScanRetention();
        retention.dataSource = store.dataSource;
        retention.clock = Clock.fixed(now, ZoneOffset.UTC);
        retention.retentionDays = 90;

        retention.purge();

        assertThat(count(store.dataSource, "scan_event", "dyn_a")).isEqualTo(2);
        assertThat(single(store.dataSource, "select count(*) from scan_event where visitor_key is not null"))
                .as("only yesterday's event keeps its key").isEqualTo(1);
        assertThat(count(store.dataSource, "scan_visitor", "dyn_a")).isEqualTo(1);
        assertThat(count(store.dataSource, "scan_hourly", "dyn_a")).as("rollups stay").isEqualTo(3);
    }

    private static ScanStore store(String database) throws SQLException {
        return StoredCodes.store(database, PG_SCHEMA);
    }

    private static ScanEvent scan(String codeId, String visitor, Route route) {
        return new ScanEvent(codeId, AT, PERSON, visitor, route);
    }

    private static void insertCode(DataSource dataSource, String id, boolean deleted) throws SQLException {
        StoredCodes.insertCode(dataSource, id, deleted);
    }

    private static long count(DataSource dataSource, String table, String codeId) throws SQLException {
        return single(dataSource, "select count(*) from " + table + " where dynamic_code_id = '" + codeId + "'");
    }

    private static long scanCount(DataSource dataSource, String codeId) throws SQLException {
        return single(dataSource, "select scan_count from dynamic_code where id = '" + codeId + "'");
    }

    private static long single(DataSource dataSource, String query) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement();
                ResultSet row = sql.executeQuery(query)) {
            row.next();
            return row.getLong(1);
        }
    }
}
