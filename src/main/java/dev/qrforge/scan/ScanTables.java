package dev.qrforge.scan;

import dev.qrforge.client.ClientFacts;
import dev.qrforge.scan.Sql.Column;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The scan tables, the one place that knows their columns. A flush writes a batch here: the counts as increments
 * ({@code scan_count = scan_count + n}, so nodes sharing a database never overwrite each other), each visitor's first
 * scan of the day, the events, and the {@link Rollups} the analytics read. The export reads the events back here.
 * Plain JDBC on a connection the caller owns, so the server's flush and the analytics benchmark run the same code.
 */
public final class ScanTables {

    private static final String ADD_COUNT = "update dynamic_code set scan_count = scan_count + ? where id = ?";
    /**
     * PostgreSQL: every code's increment in one statement, however many codes a flush touches; a deleted code gets
     * none, and the statement names the deleted ones.
     */
    private static final String ADD_COUNTS_UNNEST = "update dynamic_code d set scan_count = d.scan_count"
            + " + case when d.deleted_at is null then c.scans else 0 end"
            + " from unnest(?::varchar[], ?::bigint[]) c(id, scans) where d.id = c.id"
            + " returning d.id, d.deleted_at is not null, d.workspace_id";
    private static final Column CODE = new Column("dynamic_code_id", "varchar");
    private static final Column DAY = new Column("scan_day", "date");
    private static final Column VISITOR = new Column("visitor_key", "varchar");
    private static final List<Column> VISIT_COLUMNS = List.of(CODE, DAY, VISITOR);
    private static final Column SCANNED_AT = new Column("scanned_at", "timestamptz");
    private static final Column BOT = new Column("bot", "boolean");
    private static final Column OS = text("os");
    private static final Column OS_VERSION = text("os_version");
    private static final Column DEVICE = text("device");
    private static final Column BROWSER = text("browser");
    private static final Column BROWSER_VERSION = text("browser_version");
    private static final Column COUNTRY = text("country");
    private static final Column REGION = text("region");
    private static final Column CITY = text("city");
    private static final Column LANGUAGE = text("language");
    private static final Column REFERRER = text("referrer_host");
    private static final Column UNIQUE = new Column("unique_scan", "boolean");
    private static final Column ROUTE_RULE = new Column("route_rule", "integer");
    private static final Column ROUTE_ARM = new Column("route_arm", "integer");
    private static final Column DESTINATION = text("destination_url");
    /** What a flush writes of an event, in the order of the rows {@link #insertEvents} builds. */
    private static final List<Column> EVENT_COLUMNS = List.of(CODE, SCANNED_AT, BOT, OS, OS_VERSION, DEVICE, BROWSER,
            BROWSER_VERSION, COUNTRY, REGION, CITY, LANGUAGE, REFERRER, VISITOR, UNIQUE, ROUTE_RULE, ROUTE_ARM,
            DESTINATION);
    /** What the export reads of an event: no code (it asks for one), no visitor key (it never leaves). */
    private static final List<Column> EXPORTED = List.of(SCANNED_AT, BOT, UNIQUE, OS, OS_VERSION, DEVICE, BROWSER,
            BROWSER_VERSION, COUNTRY, REGION, CITY, LANGUAGE, REFERRER, ROUTE_RULE, ROUTE_ARM, DESTINATION);
    /** Everything kept about a code's scans, by table: what an erasure deletes (after subtracting the rollups). */
    private static final List<String> SCAN_DATA = List.of("scan_event", "scan_visitor", "scan_hourly", "scan_daily");
    private static final String LOCK_CODE_H2 = "select deleted_at, workspace_id from dynamic_code where id = ?"
            + " for update";
    private static final String EXPORT_PAGE = "select id, " + Sql.names(EXPORTED, "") + " from scan_event where "
            + CODE.name() + " = ? and scanned_at < ? and (scanned_at > ? or (scanned_at = ? and id > ?))"
            + " order by scanned_at, id";
    /** scan_visitor's key order. */
    private static final Comparator<Visit> VISIT_ORDER = Comparator.comparing(Visit::codeId)
            .thenComparing(Visit::day).thenComparing(Visit::visitorKey);

    private record Visit(String codeId, LocalDate day, String visitorKey) {
    }

    /** Where an export has got to: the last event read, in (scanned_at, id) order. */
    public record Cursor(OffsetDateTime scannedAt, long id) {

        /** Before every event scanned at or after {@code from}. */
        public static Cursor before(Instant from) {
            return new Cursor(OffsetDateTime.ofInstant(from, ZoneOffset.UTC).minusNanos(1000), Long.MAX_VALUE);
        }
    }

    private ScanTables() {
    }

    /**
     * Writes one batch; the caller owns the connection and the transaction. Scans of codes deleted meanwhile (a
     * node's buffer may still hold some) are dropped: a deleted code keeps no new scans, and an erased one stays
     * erased.
     *
     * @return the events written: {@code events} without those of deleted codes
     */
    public static List<ScanEvent> write(Connection connection, List<ScanEvent> events, Map<String, Long> counts)
            throws SQLException {
        boolean postgres = Sql.postgres(connection);
        // Every code of the batch gets an increment (0 for bots only): writing its row locks it, which orders the
        // flush against a deletion. Either the deletion waits and then erases what the flush wrote, or the flush
        // waits and then sees the code deleted.
        Map<String, Long> increments = new TreeMap<>(counts);
        events.forEach(event -> increments.putIfAbsent(event.codeId(), 0L));
        Map<String, String> workspaces = new HashMap<>();
        Set<String> deleted = postgres ? addCountsPostgres(connection, increments, workspaces)
                : addCountsH2(connection, increments, workspaces);
        if (!deleted.isEmpty()) {
            events = events.stream().filter(event -> !deleted.contains(event.codeId())).toList();
        }
        boolean[] unique = firstVisits(connection, postgres, events);
        insertEvents(connection, postgres, events, unique);
        Rollups.add(connection, postgres, events, unique, workspaces);
        return events;
    }

    /**
     * Deletes every scan event, visitor key and rollup of these codes, takes their rollups out of their workspaces'
     * and sets their counts to zero; the caller owns the connection and the transaction. The counts go first: that
     * locks the codes' rows before any rollup row, in the order a flush locks them (see {@link Rollups}).
     */
    public static void erase(Connection connection, Collection<String> codeIds) throws SQLException {
        if (codeIds.isEmpty()) {
            return;
        }
        boolean postgres = Sql.postgres(connection);
        forEachCode(connection, postgres, "update dynamic_code set scan_count = 0 where id", codeIds);
        Rollups.subtract(connection, postgres, codeIds);
        for (String table : SCAN_DATA) {
            forEachCode(connection, postgres, "delete from " + table + " where " + CODE.name(), codeIds);
        }
    }

    /** Runs {@code statement} (ending in a column to match) for the codes: one statement on PostgreSQL. */
    private static void forEachCode(Connection connection, boolean postgres, String statement,
            Collection<String> codeIds) throws SQLException {
        if (postgres) {
            try (PreparedStatement all = connection.prepareStatement(statement + " = any(?::varchar[])")) {
                all.setArray(1, connection.createArrayOf("varchar", codeIds.toArray()));
                all.executeUpdate();
            }
            return;
        }
        try (PreparedStatement each = connection.prepareStatement(statement + " = ?")) {
            for (String codeId : codeIds) {
                each.setString(1, codeId);
                each.addBatch();
            }
            each.executeBatch();
        }
    }

    /**
     * Reads up to {@code limit} of a code's events after {@code after} and before {@code to}, in time order.
     *
     * @return the cursor after the last event read, or empty if there were fewer than {@code limit}
     */
    static Optional<Cursor> readEvents(Connection connection, String codeId, Instant to, Cursor after, int limit,
            Consumer<StoredScan> each) throws SQLException {
        try (PreparedStatement page = connection.prepareStatement(EXPORT_PAGE)) {
            page.setMaxRows(limit);
            page.setString(1, codeId);
            page.setObject(2, OffsetDateTime.ofInstant(to, ZoneOffset.UTC));
            page.setObject(3, after.scannedAt());
            page.setObject(4, after.scannedAt());
            page.setLong(5, after.id());
            int rows = 0;
            Cursor last = after;
            try (ResultSet row = page.executeQuery()) {
                while (row.next()) {
                    rows++;
                    OffsetDateTime scannedAt = row.getObject(SCANNED_AT.name(), OffsetDateTime.class);
                    last = new Cursor(scannedAt, row.getLong("id"));
                    each.accept(new StoredScan(scannedAt.toInstant(), row.getBoolean(BOT.name()),
                            row.getBoolean(UNIQUE.name()), row.getString(OS.name()), row.getString(OS_VERSION.name()),
                            row.getString(DEVICE.name()), row.getString(BROWSER.name()),
                            row.getString(BROWSER_VERSION.name()), row.getString(COUNTRY.name()),
                            row.getString(REGION.name()), row.getString(CITY.name()), row.getString(LANGUAGE.name()),
                            row.getString(REFERRER.name()), row.getObject(ROUTE_RULE.name(), Integer.class),
                            row.getObject(ROUTE_ARM.name(), Integer.class), row.getString(DESTINATION.name())));
                }
            }
            return rows == limit ? Optional.of(last) : Optional.empty();
        }
    }

    /**
     * Puts the workspace of each code not deleted into {@code workspaces}.
     *
     * @return the deleted codes among {@code increments}, which got none
     */
    private static Set<String> addCountsPostgres(Connection connection, Map<String, Long> increments,
            Map<String, String> workspaces) throws SQLException {
        Set<String> deleted = new HashSet<>();
        try (PreparedStatement addCounts = connection.prepareStatement(ADD_COUNTS_UNNEST)) {
            addCounts.setArray(1, connection.createArrayOf("varchar", increments.keySet().toArray()));
            addCounts.setArray(2, connection.createArrayOf("bigint", increments.values().toArray()));
            try (ResultSet rows = addCounts.executeQuery()) {
                while (rows.next()) {
                    if (rows.getBoolean(2)) {
                        deleted.add(rows.getString(1));
                    } else {
                        workspaces.put(rows.getString(1), rows.getString(3));
                    }
                }
            }
        }
        return deleted;
    }

    /** As {@link #addCountsPostgres}: H2 locks each code (in id order) and adds to those not deleted. */
    private static Set<String> addCountsH2(Connection connection, Map<String, Long> increments,
            Map<String, String> workspaces) throws SQLException {
        Set<String> deleted = new HashSet<>();
        try (PreparedStatement lock = connection.prepareStatement(LOCK_CODE_H2);
                PreparedStatement addCount = connection.prepareStatement(ADD_COUNT)) {
            for (Map.Entry<String, Long> increment : increments.entrySet()) {
                lock.setString(1, increment.getKey());
                try (ResultSet row = lock.executeQuery()) {
                    if (row.next()) {
                        if (row.getObject(1) != null) {
                            deleted.add(increment.getKey());
                            continue;
                        }
                        workspaces.put(increment.getKey(), row.getString(2));
                    }
                }
                if (increment.getValue() > 0) {
                    addCount.setLong(1, increment.getValue());
                    addCount.setString(2, increment.getKey());
                    addCount.addBatch();
                }
            }
            addCount.executeBatch();
        }
        return deleted;
    }

    /**
     * Which events are a person's first scan of the code that (UTC) day, here or in any earlier flush: the visits
     * {@code scan_visitor} did not hold yet. Visits already there are left alone (insert-if-absent), so two nodes
     * never both count the same first visit.
     */
    private static boolean[] firstVisits(Connection connection, boolean postgres, List<ScanEvent> events)
            throws SQLException {
        Map<Visit, Integer> firstInBatch = new LinkedHashMap<>();
        for (int i = 0; i < events.size(); i++) {
            ScanEvent event = events.get(i);
            if (event.counted() && event.visitorKey() != null) {
                firstInBatch.putIfAbsent(new Visit(event.codeId(), utcDay(event.scannedAt()), event.visitorKey()), i);
            }
        }
        boolean[] unique = new boolean[events.size()];
        if (firstInBatch.isEmpty()) {
            return unique;
        }
        // In key order, so that the checks against scan_visitor's primary key walk it page by page rather than
        // jumping about it (docs/benchmarks.md, "Analytics at scale").
        List<Object[]> rows = firstInBatch.keySet().stream().sorted(VISIT_ORDER)
                .map(v -> new Object[] {v.codeId(), v.day(), v.visitorKey()}).toList();
        Set<Visit> inserted = postgres ? newVisitsPostgres(connection, rows) : newVisitsH2(connection, rows);
        firstInBatch.forEach((visit, eventIndex) -> unique[eventIndex] = inserted.contains(visit));
        return unique;
    }

    private static Set<Visit> newVisitsPostgres(Connection connection, List<Object[]> rows) throws SQLException {
        Set<Visit> inserted = new HashSet<>();
        String stage = Sql.stage(connection, "scan_visitor");
        Sql.copy(connection, stage, VISIT_COLUMNS, rows);
        try (Statement insert = connection.createStatement()) {
            String columns = Sql.names(VISIT_COLUMNS, "");
            try (ResultSet created = insert.executeQuery("insert into scan_visitor (" + columns + ") select "
                    + columns + " from " + stage + " on conflict do nothing returning " + columns)) {
                while (created.next()) {
                    inserted.add(new Visit(created.getString(1), created.getObject(2, LocalDate.class),
                            created.getString(3)));
                }
            }
        }
        return inserted;
    }

    /** Standard SQL MERGE, one row per statement: its update count says whether the row was new. */
    private static Set<Visit> newVisitsH2(Connection connection, List<Object[]> rows) throws SQLException {
        Set<Visit> inserted = new HashSet<>();
        try (PreparedStatement merge = connection.prepareStatement("merge into scan_visitor t using (values"
                + " (cast(? as varchar(40)), cast(? as date), cast(? as varchar(32)))) s(code, scan_day, visitor) on"
                + " t.dynamic_code_id = s.code and t.scan_day = s.scan_day and t.visitor_key = s.visitor"
                + " when not matched then insert (" + Sql.names(VISIT_COLUMNS, "") + ") values (s.code,"
                + " s.scan_day, s.visitor)")) {
            for (Object[] row : rows) {
                Sql.bindRow(merge, row);
                merge.addBatch();
            }
            int[] counts = merge.executeBatch();
            for (int r = 0; r < rows.size(); r++) {
                if (counts[r] > 0) {
                    inserted.add(new Visit((String) rows.get(r)[0], (LocalDate) rows.get(r)[1],
                            (String) rows.get(r)[2]));
                }
            }
        }
        return inserted;
    }

    private static void insertEvents(Connection connection, boolean postgres, List<ScanEvent> events,
            boolean[] unique) throws SQLException {
        List<Object[]> rows = new ArrayList<>(events.size());
        for (int i = 0; i < events.size(); i++) {
            ScanEvent event = events.get(i);
            ClientFacts facts = event.facts();
            Route route = event.route();
            rows.add(new Object[] {event.codeId(), event.scannedAt(), facts.bot(), facts.os(), facts.osVersion(),
                facts.device(), facts.browser(), facts.browserVersion(), facts.country(), facts.region(),
                facts.city(), facts.language(), facts.referrerHost(), event.visitorKey(), unique[i],
                route == null ? null : route.rule(), route == null ? null : route.arm(),
                route == null ? null : route.destinationUrl()});
        }
        if (postgres) {
            // By code, each code's events in the batch's order: the code's index entries then go in page by page,
            // where a buffer's arrival order would spread them over the whole index (docs/benchmarks.md).
            rows.sort(Comparator.comparing(row -> (String) row[0]));
            Sql.copy(connection, "scan_event", EVENT_COLUMNS, rows);
            return;
        }
        try (PreparedStatement insert = connection.prepareStatement("insert into scan_event ("
                + Sql.names(EVENT_COLUMNS, "") + ") values (" + Sql.parameters(EVENT_COLUMNS) + ")")) {
            for (Object[] row : rows) {
                Sql.bindRow(insert, row);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    private static Column text(String name) {
        return new Column(name, "varchar");
    }

    static LocalDate utcDay(Instant at) {
        return at.atZone(ZoneOffset.UTC).toLocalDate();
    }
}
