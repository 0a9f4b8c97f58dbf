package dev.qrforge.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.client.ClientFacts;
import dev.qrforge.testing.MigratedDatabases;
import dev.qrforge.testing.OnEachDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The rollup storage on a real database ({@link MigratedDatabases}): the version 6 migration packing existing
 * per-value rows, and flushes adding to packed rows.
 */
@Tag(MigratedDatabases.TAG)
class RollupStorageTest {

    private static final String CODE = "dyn_rollupTest000000001";
    private static final Instant HOUR = Instant.parse("2026-03-01T10:00:00Z");
    @RegisterExtension
    static final MigratedDatabases.Schema PG_SCHEMA = new MigratedDatabases.Schema("qrforge_rollup_test");

    private static Flyway flyway(DataSource dataSource, String target) {
        return MigratedDatabases.flyway(dataSource, target);
    }

    @OnEachDatabase
    void theMigrationPacksEachBucketsValuesIntoOneBreakdown(String database) throws SQLException {
        DataSource dataSource = PG_SCHEMA.fresh(database);
        flyway(dataSource, "5").migrate();
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            sql.execute("insert into scan_hourly values ('" + CODE + "', timestamp with time zone"
                    + " '2026-03-01 10:00:00+00', 3, 2, 1)");
            sql.execute("insert into scan_hourly values ('" + CODE + "', timestamp with time zone"
                    + " '2026-03-01 11:00:00+00', 0, 0, 4)");
            for (String row : List.of("'os', 'iOS', 2", "'os', 'Android', 1", "'city', 'US|Paris', 3")) {
                sql.execute("insert into scan_dimension_hourly values ('" + CODE + "', timestamp with time zone"
                        + " '2026-03-01 10:00:00+00', " + row + ")");
                sql.execute("insert into scan_dimension_daily values ('" + CODE + "', date '2026-03-01', " + row + ")");
            }
            sql.execute("insert into scan_dimension_daily values ('" + CODE + "', date '2026-03-02', 'os', 'iOS', 7)");
        }

        flyway(dataSource, "latest").migrate();

        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            Map<String, String> hourly = column(sql, "select hour_start, breakdown from scan_hourly order by hour_start");
            assertThat(hourly).hasSize(2);
            Breakdown ten = Breakdown.parse(hourly.values().iterator().next());
            assertThat(ten.of("os")).isEqualTo(Map.of("iOS", 2L, "Android", 1L));
            assertThat(ten.of("city")).isEqualTo(Map.of("US|Paris", 3L));
            assertThat(hourly.values()).element(1).as("a bucket of bots only").isNull();

            Map<String, String> daily = column(sql, "select scan_day, breakdown from scan_daily order by scan_day");
            assertThat(daily.keySet()).containsExactly("2026-03-01", "2026-03-02");
            assertThat(Breakdown.parse(daily.get("2026-03-02")).of("os")).isEqualTo(Map.of("iOS", 7L));
            assertThat(Breakdown.parse(daily.get("2026-03-01")).of("city")).isEqualTo(Map.of("US|Paris", 3L));

            try (ResultSet tables = connection.getMetaData().getTables(null, connection.getSchema(), "%",
                    new String[] {"TABLE"})) {
                List<String> names = new ArrayList<>();
                while (tables.next()) {
                    names.add(tables.getString("TABLE_NAME").toLowerCase());
                }
                assertThat(names).contains("scan_daily").doesNotContain("scan_dimension_hourly",
                        "scan_dimension_daily");
            }
        }
    }

    /** The flush's store on a fresh, fully migrated {@code database}, telling no one what it wrote. */
    private static ScanStore migratedStore(String database) throws SQLException {
        return StoredCodes.store(database, PG_SCHEMA);
    }

    @OnEachDatabase
    void flushesAddToTheSameBucketsAcrossBatches(String database) throws SQLException {
        ScanStore store = migratedStore(database);
        DataSource dataSource = store.dataSource;
        ClientFacts iphone = new ClientFacts("iOS", "18.1", "mobile", "Safari", "18.1", "US", "California",
                "Los Angeles", "en", null, false, null);
        ClientFacts android = new ClientFacts("Android", "14", "mobile", "Chrome", "126", "DE", null, null, "de",
                "l.instagram.com", false, null);
        ClientFacts bot = new ClientFacts(null, null, "other", "Googlebot", "2.1", "US", null, null, null, null,
                true, null);

        store.write(List.of(new ScanEvent(CODE, HOUR.plusSeconds(60), iphone, "visitor-a", null),
                new ScanEvent(CODE, HOUR.plusSeconds(120), iphone, "visitor-a", null),
                new ScanEvent(CODE, HOUR.plusSeconds(180), bot, null, null)), Map.of(CODE, 2L));
        store.write(List.of(new ScanEvent(CODE, HOUR.plusSeconds(240), android, "visitor-b", null),
                new ScanEvent(CODE, HOUR.plusSeconds(300), iphone, "visitor-a", null),
                new ScanEvent(CODE, HOUR.plusSeconds(86_400), android, "visitor-b", null)), Map.of(CODE, 3L));

        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            try (ResultSet hour = sql.executeQuery("select scans, unique_scans, bot_scans, breakdown from scan_hourly"
                    + " order by hour_start")) {
                assertThat(hour.next()).isTrue();
                assertThat(List.of(hour.getLong(1), hour.getLong(2), hour.getLong(3))).as("scans, unique, bots")
                        .containsExactly(4L, 2L, 1L);
                Breakdown breakdown = Breakdown.parse(hour.getString(4));
                assertThat(breakdown.of("os")).isEqualTo(Map.of("iOS", 3L, "Android", 1L));
                assertThat(breakdown.of("city")).isEqualTo(Map.of("US|Los Angeles", 3L));
                assertThat(breakdown.of("referrer")).isEqualTo(Map.of("l.instagram.com", 1L));
                assertThat(breakdown.of("browser")).as("bots are not broken down").doesNotContainKey("Googlebot");
                assertThat(hour.next()).as("the next day's hour").isTrue();
                assertThat(hour.getLong(2)).as("a new day, a new first visit").isEqualTo(1L);
            }
            Map<String, String> daily = column(sql, "select scan_day, breakdown from scan_daily order by scan_day");
            assertThat(Breakdown.parse(daily.get("2026-03-01")).of("country")).isEqualTo(Map.of("US", 3L, "DE", 1L));
            assertThat(Breakdown.parse(daily.get("2026-03-02")).of("country")).isEqualTo(Map.of("DE", 1L));
            try (ResultSet events = sql.executeQuery("select count(*), sum(case when unique_scan then 1 else 0 end)"
                    + " from scan_event")) {
                events.next();
                assertThat(List.of(events.getLong(1), events.getLong(2))).containsExactly(6L, 3L);
            }
        }
    }

    @OnEachDatabase
    void eventsComeBackExactlyAsWritten(String database) throws SQLException {
        ScanStore store = migratedStore(database);
        DataSource dataSource = store.dataSource;
        // What PostgreSQL's COPY text format would take for a separator, an escape or a null, and text beyond the
        // Basic Multilingual Plane; empty and null stay apart.
        ClientFacts awkward = new ClientFacts("a\tb", "\\N", "", "x\\y\\", "1\r\n2", "DE", "Tab\there",
                "Zürich 🏔", "en", "quote\"d.example", false, null);
        ClientFacts sparse = new ClientFacts(null, null, null, null, null, null, null, null, null, null, true, null);
        String destination = "https://example.com/a\\b?c=\"d\"&e=\n";
        Route route = new Route(Route.RULE, 2, "split\tname", 1, destination);
        List<ScanEvent> events = List.of(new ScanEvent(CODE, HOUR.plusMillis(1), awkward, "visitor-a", route),
                new ScanEvent(CODE, HOUR.plusSeconds(1).plusNanos(123_456_000), sparse, null, null));
        store.write(events, Map.of(CODE, 1L));

        List<StoredScan> read = new ArrayList<>();
        store.export(CODE, HOUR, HOUR.plusSeconds(3600), read::add);
        assertThat(read).containsExactly(
                new StoredScan(HOUR.plusMillis(1), false, true, "a\tb", "\\N", "", "x\\y\\", "1\r\n2", "DE",
                        "Tab\there", "Zürich 🏔", "en", "quote\"d.example", 2, 1, destination),
                new StoredScan(HOUR.plusSeconds(1).plusNanos(123_456_000), true, false, null, null, null, null, null,
                        null, null, null, null, null, null, null, null));
    }

    @OnEachDatabase
    void onPostgresqlTheRollupTablesLeaveRoomOnEachPage(String database) throws SQLException {
        DataSource dataSource = PG_SCHEMA.fresh(database);
        Flyway flyway = flyway(dataSource, "latest");
        flyway.migrate();
        // Applied on both databases, so that they keep one version history; a no-op on H2, which has no fill factor.
        assertThat(flyway.info().applied()).anySatisfy(applied -> {
            assertThat(applied.getVersion().getVersion()).isEqualTo("13");
            assertThat(applied.getState().isApplied()).isTrue();
        });
        if (!database.equals(MigratedDatabases.POSTGRESQL)) {
            return;
        }
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            Map<String, String> options = column(sql, "select relname, array_to_string(reloptions, ',')"
                    + " from pg_class where relnamespace = current_schema()::regnamespace"
                    + " and relname in ('scan_hourly', 'scan_daily')");
            assertThat(options).containsOnly(Map.entry("scan_hourly", "fillfactor=50"),
                    Map.entry("scan_daily", "fillfactor=50"));
        }
    }

    /** The query's two columns as text, in its order. */
    private static Map<String, String> column(Statement sql, String query) throws SQLException {
        Map<String, String> values = new LinkedHashMap<>();
        try (ResultSet rows = sql.executeQuery(query)) {
            while (rows.next()) {
                values.put(rows.getString(1), rows.getString(2));
            }
        }
        return values;
    }
}
