package dev.qrforge.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.client.ClientFacts;
import dev.qrforge.testing.MigratedDatabases;
import dev.qrforge.testing.OnEachDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The per-workspace rollups on a real database ({@link MigratedDatabases}): whatever the flushes, deletions and
 * erasures, a workspace's analytics read from them are what adding up its codes' rollups gives (how they were read
 * before schema version 14), breakdown caps included; and the migration fills them from existing codes' rollups.
 */
@Tag(MigratedDatabases.TAG)
class WorkspaceRollupsTest {

    @RegisterExtension
    static final MigratedDatabases.Schema PG_SCHEMA = new MigratedDatabases.Schema("qrforge_workspace_rollup_test");
    private static final Instant START = Instant.parse("2026-03-01T00:00:00Z");
    private static final Duration SPAN = Duration.ofDays(3);
    private static final String WS = "ws_many";
    private static final List<String> CODES = List.of("dyn_w1", "dyn_w2", "dyn_w3");
    /** The code whose scans come from more referrers than a bucket keeps apart, and so meet the cap. */
    private static final String CAPPED = "dyn_w1";
    private static final String DELETED_LATER = "dyn_w3";
    private static final String OTHER_WS_CODE = "dyn_solo";
    /** A code of {@link #WS} scanned by bots alone, in the first day's hours 6 to 8. */
    private static final String BOTS_ONLY = "dyn_wbots";
    /**
     * Ranges read back: whole days; a whole day with partial days at both ends; a partial day then whole days; within
     * one day.
     */
    private static final List<Instant[]> RANGES = List.of(new Instant[] {START, START.plus(SPAN)},
            new Instant[] {START.plus(Duration.ofHours(5)), START.plus(Duration.ofHours(55))},
            new Instant[] {START.plus(Duration.ofHours(7)), START.plus(SPAN)},
            new Instant[] {START.plus(Duration.ofHours(3)), START.plus(Duration.ofHours(9))});

    @OnEachDatabase
    void aWorkspacesRollupsAreItsCodesSummedThroughFlushesDeletionAndErasure(String database) throws SQLException {
        ScanStore store = storeWithCodes(database);
        RollupReader reader = new RollupReader();
        reader.dataSource = store.dataSource;
        Random random = new Random(24);
        for (int batch = 0; batch < 4; batch++) {
            if (batch == 2) {
                // Deleted without erasure: its scans so far stay in the workspace's, later ones are dropped.
                execute(store.dataSource, "update dynamic_code set deleted_at = current_timestamp where id = '"
                        + DELETED_LATER + "'");
            }
            write(store, randomScans(random, 1500));
        }
        write(store, botScans(random, 20));
        List<String> workspaceCodes = new ArrayList<>(CODES);
        workspaceCodes.add(BOTS_ONLY);

        assertSums(reader, WS, workspaceCodes);
        assertSums(reader, "ws_" + OTHER_WS_CODE, List.of(OTHER_WS_CODE));
        assertThat(reader.breakdowns(RollupReader.Codes.ofWorkspace(WS), START, START.plus(SPAN))
                .get(ScanDimension.REFERRER)).as("one code's values beyond its cap, and the others' values")
                .containsKey(Breakdown.OTHER).hasSizeGreaterThan(Breakdown.MAX_VALUES + 1);

        store.erase(List.of("dyn_w2"));
        assertSums(reader, WS, List.of(CAPPED, DELETED_LATER, BOTS_ONLY));
        assertSums(reader, "ws_" + OTHER_WS_CODE, List.of(OTHER_WS_CODE));

        store.erase(List.of(CAPPED, DELETED_LATER, BOTS_ONLY));
        assertSums(reader, WS, List.of());
    }

    @OnEachDatabase
    void theMigrationSumsTheCodesRowsAsTheFlushesDo(String database) throws SQLException {
        ScanStore store = storeWithCodes(database);
        Random random = new Random(14);
        for (int batch = 0; batch < 3; batch++) {
            write(store, randomScans(random, 1500));
        }
        List<String> maintained = workspaceRows(store.dataSource);
        assertThat(maintained).hasSizeGreaterThan(2 * 24);

        execute(store.dataSource, "delete from workspace_hourly");
        execute(store.dataSource, "delete from workspace_daily");
        try (Connection connection = store.dataSource.getConnection()) {
            connection.setAutoCommit(false);
            Rollups.sumIntoWorkspaces(connection);
            connection.commit();
        }

        assertThat(workspaceRows(store.dataSource)).isEqualTo(maintained);
    }

    @OnEachDatabase
    void migratingFillsTheWorkspaceTablesFromStoredRollups(String database) throws SQLException {
        DataSource dataSource = twoCodesAt(database, "13");
        insertHour(dataSource, "dyn_w1", "2026-03-01 10:00:00", 3, 2, 1, "{\"os\":{\"iOS\":3}}");
        insertHour(dataSource, "dyn_w2", "2026-03-01 10:00:00", 2, 1, 0, "{\"os\":{\"Android\":1,\"iOS\":1}}");
        insertHour(dataSource, "dyn_w2", "2026-03-01 11:00:00", 0, 0, 4, null);
        execute(dataSource, "insert into scan_daily values ('dyn_w1', date '2026-03-01', '{\"os\":{\"iOS\":3}}')");
        execute(dataSource, "insert into scan_daily values ('dyn_w2', date '2026-03-01',"
                + " '{\"os\":{\"Android\":1,\"iOS\":1}}')");

        MigratedDatabases.flyway(dataSource, "latest").migrate();

        assertThat(workspaceRows(dataSource)).containsExactly(
                "hourly " + WS + " 2026-03-01T10:00:00Z 5 3 1 {\"os\":{\"Android\":1,\"iOS\":4}}",
                "hourly " + WS + " 2026-03-01T11:00:00Z 0 0 4 {}",
                "daily " + WS + " 2026-03-01 {\"os\":{\"Android\":1,\"iOS\":4}}");
    }

    @OnEachDatabase
    void migratingGivesEachCodesDayTheSumsOfItsUtcHours(String database) throws SQLException {
        DataSource dataSource = twoCodesAt(database, "14");
        // Midnight UTC is the day before in New York, 23:00 UTC the next day in Berlin: days go by UTC.
        insertHour(dataSource, "dyn_w1", "2026-03-01 00:00:00", 3, 2, 1, "{\"os\":{\"iOS\":3}}");
        insertHour(dataSource, "dyn_w1", "2026-03-01 23:00:00", 4, 1, 0, "{\"os\":{\"iOS\":4}}");
        insertHour(dataSource, "dyn_w1", "2026-03-02 00:00:00", 2, 2, 0, "{\"os\":{\"iOS\":2}}");
        insertHour(dataSource, "dyn_w2", "2026-03-02 10:00:00", 0, 0, 4, null);
        execute(dataSource, "insert into scan_daily values ('dyn_w1', date '2026-03-01', '{\"os\":{\"iOS\":7}}')");

        MigratedDatabases.flyway(dataSource, "latest").migrate();

        List<String> days = new ArrayList<>();
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement();
                ResultSet daily = sql.executeQuery("select dynamic_code_id, scan_day, scans, unique_scans, bot_scans,"
                        + " breakdown from scan_daily order by dynamic_code_id, scan_day")) {
            while (daily.next()) {
                days.add(daily.getString(1) + " " + daily.getObject(2, java.time.LocalDate.class) + " "
                        + daily.getLong(3) + " " + daily.getLong(4) + " " + daily.getLong(5) + " "
                        + daily.getString(6));
            }
        }
        assertThat(days).containsExactly("dyn_w1 2026-03-01 7 3 1 {\"os\":{\"iOS\":7}}",
                "dyn_w1 2026-03-02 2 2 0 {}", "dyn_w2 2026-03-02 0 0 4 {}");
        RollupReader reader = new RollupReader();
        reader.dataSource = dataSource;
        assertThat(reader.top(RollupReader.Codes.ofWorkspace(WS), START, START.plus(SPAN), 10)).containsExactly(
                new RollupReader.CodeTotals("dyn_w1", 9, 5), new RollupReader.CodeTotals("dyn_w2", 0, 0));
    }

    @OnEachDatabase
    void theTopCodesAreReadUntilNoOtherCodeCouldPlace(String database) throws SQLException {
        ScanStore store = StoredCodes.store(database, PG_SCHEMA);
        for (String code : List.of("dyn_a", "dyn_b", "dyn_c", "dyn_d", "dyn_e")) {
            StoredCodes.insertCode(store.dataSource, WS, code, false);
        }
        Instant dayOne = START;
        Instant dayTwo = START.plus(Duration.ofDays(1));
        // Ranked by all-time scans a, b, c and e (tied, so by id), d; over the second day b, c and e, d, a.
        List<ScanEvent> scans = new ArrayList<>();
        scans.addAll(people("dyn_a", 95, dayOne));
        scans.addAll(people("dyn_a", 5, dayTwo));
        scans.addAll(people("dyn_b", 50, dayTwo));
        scans.addAll(people("dyn_c", 30, dayTwo));
        scans.addAll(people("dyn_e", 30, dayTwo));
        scans.addAll(people("dyn_d", 10, dayTwo));
        write(store, scans);
        List<RollupReader.CodeTotals> dayTwoTop = List.of(new RollupReader.CodeTotals("dyn_b", 50, 1),
                new RollupReader.CodeTotals("dyn_c", 30, 1), new RollupReader.CodeTotals("dyn_e", 30, 1),
                new RollupReader.CodeTotals("dyn_d", 10, 1), new RollupReader.CodeTotals("dyn_a", 5, 1));

        for (int slice : List.of(1, 2, 3, RollupReader.FIRST_SLICE)) {
            RollupReader reader = new RollupReader();
            reader.dataSource = store.dataSource;
            reader.firstSlice = slice;
            for (int n = 0; n <= dayTwoTop.size() + 1; n++) {
                assertThat(reader.top(RollupReader.Codes.ofWorkspace(WS), dayTwo, dayTwo.plus(Duration.ofDays(1)), n))
                        .as("top " + n + " of the second day, first read of " + slice)
                        .isEqualTo(dayTwoTop.subList(0, Math.min(n, dayTwoTop.size())));
            }
            assertThat(reader.top(RollupReader.Codes.ofWorkspace(WS), dayOne, dayTwo, 2))
                    .as("the first day's, first read of " + slice)
                    .containsExactly(new RollupReader.CodeTotals("dyn_a", 95, 1));
        }
    }

    /**
     * A range ending before a code's newest scans: its bound is its count less the scans of the day after, which
     * must rank it where the range does. A bound that took off scans of the range itself (x's bound 0) would settle
     * the list on y; one of the count alone (x 140) would be exact too, but read every code where x's later scans
     * outnumber the others' counts.
     */
    @OnEachDatabase
    void aRangeEndingBeforeACodesNewestScansIsBoundedByItsCountLessTheDayAfter(String database) throws SQLException {
        ScanStore store = StoredCodes.store(database, PG_SCHEMA);
        for (String code : List.of("dyn_x", "dyn_y", "dyn_z")) {
            StoredCodes.insertCode(store.dataSource, WS, code, false);
        }
        Instant dayOne = START;
        Instant dayTwo = START.plus(Duration.ofDays(1));
        List<ScanEvent> scans = new ArrayList<>();
        scans.addAll(people("dyn_x", 40, dayOne));
        scans.addAll(people("dyn_x", 100, dayTwo.plus(Duration.ofHours(5))));
        scans.addAll(people("dyn_y", 30, dayOne));
        scans.addAll(people("dyn_z", 20, dayOne.plus(Duration.ofHours(2))));
        // Beyond the day after the range: not taken off, so x's bound stays above its scans in the range.
        scans.addAll(people("dyn_z", 7, dayTwo.plus(Duration.ofDays(2))));
        write(store, scans);
        for (int slice : List.of(1, 2, RollupReader.FIRST_SLICE)) {
            RollupReader reader = new RollupReader();
            reader.dataSource = store.dataSource;
            reader.firstSlice = slice;
            assertThat(reader.top(RollupReader.Codes.ofWorkspace(WS), dayOne, dayTwo, 1))
                    .as("first read of " + slice).containsExactly(new RollupReader.CodeTotals("dyn_x", 40, 1));
            assertThat(reader.top(RollupReader.Codes.ofWorkspace(WS), dayOne, dayTwo, 3))
                    .as("first read of " + slice).containsExactly(new RollupReader.CodeTotals("dyn_x", 40, 1),
                            new RollupReader.CodeTotals("dyn_y", 30, 1), new RollupReader.CodeTotals("dyn_z", 20, 1));
            assertThat(reader.top(RollupReader.Codes.ofWorkspace(WS), dayTwo, dayTwo.plus(Duration.ofDays(3)), 2))
                    .as("first read of " + slice).containsExactly(new RollupReader.CodeTotals("dyn_x", 100, 1),
                            new RollupReader.CodeTotals("dyn_z", 7, 1));
        }
    }

    /** {@code n} people's scans of {@code code} in the hour from {@code at}, all by one visitor. */
    private static List<ScanEvent> people(String code, int n, Instant at) {
        ClientFacts person = new ClientFacts("iOS", null, "mobile", "Safari", null, "US", null, null, "en", null,
                false, null);
        List<ScanEvent> scans = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            scans.add(new ScanEvent(code, at.plusSeconds(i), person, "v1", null));
        }
        return scans;
    }

    /** A fresh database at schema version {@code version} holding dyn_w1 and, deleted, dyn_w2 in {@link #WS}. */
    private static DataSource twoCodesAt(String database, String version) throws SQLException {
        DataSource dataSource = PG_SCHEMA.fresh(database);
        MigratedDatabases.flyway(dataSource, version).migrate();
        StoredCodes.insertCode(dataSource, WS, "dyn_w1", false);
        StoredCodes.insertCode(dataSource, WS, "dyn_w2", true);
        return dataSource;
    }

    /** A fresh store holding {@link #CODES} in {@link #WS} and {@link #OTHER_WS_CODE} in a workspace of its own. */
    private static ScanStore storeWithCodes(String database) throws SQLException {
        ScanStore store = StoredCodes.store(database, PG_SCHEMA);
        for (String code : CODES) {
            StoredCodes.insertCode(store.dataSource, WS, code, false);
        }
        StoredCodes.insertCode(store.dataSource, WS, BOTS_ONLY, false);
        StoredCodes.insertCode(store.dataSource, OTHER_WS_CODE, false);
        return store;
    }

    /**
     * Asserts that the workspace's analytics are its codes' added up, over every range of {@link #RANGES}; and that
     * its top codes are those with hourly rows in the range, by the sums of those rows. The same of its codes read as
     * a set ({@link RollupReader.Codes#among}, a campaign's), of a part of them, and of none.
     */
    private static void assertSums(RollupReader reader, String workspaceId, List<String> codes) {
        assertGroupSums(reader, RollupReader.Codes.ofWorkspace(workspaceId), codes);
        assertGroupSums(reader, RollupReader.Codes.among(codes), codes);
        List<String> half = codes.subList(0, (codes.size() + 1) / 2);
        assertGroupSums(reader, RollupReader.Codes.among(half), half);
        assertGroupSums(reader, RollupReader.Codes.among(List.of()), List.of());
    }

    private static void assertGroupSums(RollupReader reader, RollupReader.Codes group, List<String> codes) {
        for (Instant[] range : RANGES) {
            List<RollupReader.CodeTotals> expectedTop = new ArrayList<>();
            TreeMap<Instant, List<Long>> expectedHours = new TreeMap<>();
            Map<ScanDimension, Map<String, Long>> expectedBreakdowns = new EnumMap<>(ScanDimension.class);
            for (ScanDimension dimension : ScanDimension.values()) {
                expectedBreakdowns.put(dimension, new HashMap<>());
            }
            for (String code : codes) {
                RollupReader.Codes one = RollupReader.Codes.one(code);
                long[] sums = new long[2];
                boolean[] any = new boolean[1];
                reader.hours(one, range[0], range[1], hour -> {
                    expectedHours.merge(hour.start(), List.of(hour.scans(), hour.uniqueScans(), hour.botScans()),
                            WorkspaceRollupsTest::plus);
                    sums[0] += hour.scans();
                    sums[1] += hour.uniqueScans();
                    any[0] = true;
                });
                if (any[0]) {
                    expectedTop.add(new RollupReader.CodeTotals(code, sums[0], sums[1]));
                }
                reader.breakdowns(one, range[0], range[1]).forEach((dimension, values) -> values.forEach(
                        (value, scans) -> expectedBreakdowns.get(dimension).merge(value, scans, Long::sum)));
            }
            TreeMap<Instant, List<Long>> hours = new TreeMap<>();
            reader.hours(group, range[0], range[1], hour -> {
                // An erasure can leave a workspace's hour at zero, which adds nothing to any bucket.
                if (hour.scans() != 0 || hour.uniqueScans() != 0 || hour.botScans() != 0) {
                    hours.put(hour.start(), List.of(hour.scans(), hour.uniqueScans(), hour.botScans()));
                }
            });
            String what = group.condition() + " " + group.parameter() + " (" + codes + ") from " + range[0] + " to "
                    + range[1];
            assertThat(hours).as("hours of " + what).isEqualTo(expectedHours);
            assertThat(reader.breakdowns(group, range[0], range[1])).as("breakdowns of " + what)
                    .isEqualTo(expectedBreakdowns);
            expectedTop.sort(Comparator.comparing(RollupReader.CodeTotals::scans).reversed()
                    .thenComparing(RollupReader.CodeTotals::codeId));
            // Read with a first slice of one code too, so that the list is settled after it, or all codes read.
            RollupReader codeByCode = new RollupReader();
            codeByCode.dataSource = reader.dataSource;
            codeByCode.firstSlice = 1;
            for (RollupReader top : List.of(reader, codeByCode)) {
                assertThat(top.top(group, range[0], range[1], 10)).as("top codes of " + what)
                        .isEqualTo(expectedTop);
                for (int n = 0; n <= 3; n++) {
                    assertThat(top.top(group, range[0], range[1], n)).as("top " + n + " codes of " + what)
                            .isEqualTo(expectedTop.subList(0, Math.min(n, expectedTop.size())));
                }
            }
        }
    }

    private static List<Long> plus(List<Long> a, List<Long> b) {
        return List.of(a.get(0) + b.get(0), a.get(1) + b.get(1), a.get(2) + b.get(2));
    }

    /**
     * Scans spread over the codes and {@link #SPAN}, from a few visitors, places and devices, a tenth of them bots;
     * half of them {@link #CAPPED}'s, all on the first day and from ever new referrers, so that its day meets the cap.
     */
    private static List<ScanEvent> randomScans(Random random, int n) {
        List<String> codes = new ArrayList<>(CODES);
        codes.add(OTHER_WS_CODE);
        List<ScanEvent> scans = new ArrayList<>();
        String[] os = {"iOS", "Android", "Windows", null};
        String[] countries = {"US", "DE", "FR"};
        for (int i = 0; i < n; i++) {
            String code = random.nextBoolean() ? CAPPED : codes.get(random.nextInt(codes.size()));
            String referrer = code.equals(CAPPED) ? "r" + random.nextInt(1_000_000) + ".example"
                    : random.nextBoolean() ? null : "shared" + random.nextInt(5) + ".example";
            String country = countries[random.nextInt(countries.length)];
            ClientFacts facts = new ClientFacts(os[random.nextInt(os.length)], null, "mobile", "Safari", null,
                    country, null, random.nextBoolean() ? null : "City" + random.nextInt(4), "en", referrer,
                    random.nextInt(10) == 0, null);
            Route route = random.nextBoolean() ? null
                    : new Route(Route.RULE, 0, "split", random.nextInt(2), "https://example.com/" + code);
            Instant at = START.plusSeconds(random.nextLong(code.equals(CAPPED) ? 86_400 : SPAN.toSeconds()));
            scans.add(new ScanEvent(code, at, facts, "v" + random.nextInt(30), route));
        }
        return scans;
    }

    /** Bots' scans of {@link #BOTS_ONLY} in the first day's hours 6 to 8, counted nowhere but in its bot scans. */
    private static List<ScanEvent> botScans(Random random, int n) {
        ClientFacts bot = new ClientFacts(null, null, "other", "Googlebot", "2.1", "US", null, null, null, null, true,
                null);
        List<ScanEvent> scans = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            scans.add(new ScanEvent(BOTS_ONLY, START.plusSeconds(6 * 3600 + random.nextLong(3 * 3600)), bot, null,
                    null));
        }
        return scans;
    }

    private static void write(ScanStore store, List<ScanEvent> events) {
        Map<String, Long> counts = new HashMap<>();
        events.stream().filter(ScanEvent::counted).forEach(e -> counts.merge(e.codeId(), 1L, Long::sum));
        store.write(events, counts);
    }

    /** Every workspace rollup row as text, in key order. */
    private static List<String> workspaceRows(DataSource dataSource) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            try (ResultSet hourly = sql.executeQuery("select workspace_id, hour_start, scans, unique_scans, bot_scans,"
                    + " breakdown from workspace_hourly order by workspace_id, hour_start")) {
                while (hourly.next()) {
                    rows.add("hourly " + hourly.getString(1) + " "
                            + hourly.getObject(2, java.time.OffsetDateTime.class).toInstant() + " "
                            + hourly.getLong(3) + " " + hourly.getLong(4) + " " + hourly.getLong(5) + " "
                            + hourly.getString(6));
                }
            }
            try (ResultSet daily = sql.executeQuery("select workspace_id, scan_day, breakdown from workspace_daily"
                    + " order by workspace_id, scan_day")) {
                while (daily.next()) {
                    rows.add("daily " + daily.getString(1) + " " + daily.getObject(2, java.time.LocalDate.class)
                            + " " + daily.getString(3));
                }
            }
        }
        return rows;
    }

    /** A code's hourly rollup row, as stored before the flush writes any: {@code hour} in UTC. */
    private static void insertHour(DataSource dataSource, String code, String hour, long scans, long unique,
            long bots, String breakdown) throws SQLException {
        execute(dataSource, "insert into scan_hourly values ('" + code + "', timestamp with time zone '" + hour
                + "+00', " + scans + ", " + unique + ", " + bots + ", " + (breakdown == null ? "null"
                : "'" + breakdown + "'") + ")");
    }

    private static void execute(DataSource dataSource, String statement) throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            sql.execute(statement);
        }
    }
}
