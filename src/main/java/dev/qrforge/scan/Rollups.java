package dev.qrforge.scan;

import dev.qrforge.scan.Sql.Column;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The rollups the analytics read: per code and UTC hour ({@code scan_hourly}: people's scans, first-of-day
 * visitors, bots, and the breakdown of people's scans by dimension) and per code and UTC day ({@code scan_daily}:
 * the same, its hours summed, for the top codes of a workspace's whole days); and the same per workspace
 * ({@code workspace_hourly}, {@code workspace_daily}, the latter the breakdown only): the sums of its codes' rows,
 * deleted codes included, so that a workspace's analytics read one row per hour or day however many codes it has.
 * A flush reads the rows its scans fall into, adds its scans, writes the existing rows back and inserts the new ones:
 * the codes' rows first, then their workspaces' rows with what the codes' rows gained.
 *
 * <p>Locks: a code's rollup rows are written only by a transaction that holds the code's row lock (a flush's count
 * update, an erasure's count reset, both taken before any rollup row), so they are read without locks of their own;
 * a workspace's rows, which the flushes of all its codes share, are read under row locks, in key order. Every writer
 * takes them in the same order (code rows, code rollup rows, workspace rows), so concurrent flushes and erasures cannot
 * deadlock. Two nodes inserting the same new row at once make one flush fail; its scans are written by the next one,
 * so nothing is lost or counted twice.
 */
final class Rollups {

    /** A bucket of a code or a workspace (its owner): an hour (its start, an Instant) or a UTC day (a LocalDate). */
    record Key(String owner, Object bucket) {
    }

    /** What one bucket holds; mutable while a flush adds up its scans. */
    static final class Totals {
        long scans;
        long unique;
        long bots;
        final Breakdown breakdown;

        Totals(long scans, long unique, long bots, Breakdown breakdown) {
            this.scans = scans;
            this.unique = unique;
            this.bots = bots;
            this.breakdown = breakdown;
        }

        static Totals none() {
            return new Totals(0, 0, 0, Breakdown.empty());
        }

        /**
         * Adds {@code other}: under the breakdown's cap into a code's bucket, value for value into a workspace's.
         *
         * @return what was added, by the values it was counted under
         */
        Totals add(Totals other, boolean capped) {
            scans += other.scans;
            unique += other.unique;
            bots += other.bots;
            if (capped) {
                return new Totals(other.scans, other.unique, other.bots, breakdown.addAll(other.breakdown));
            }
            breakdown.sum(other.breakdown);
            return other;
        }

        Totals negated() {
            return new Totals(-scans, -unique, -bots, breakdown.negated());
        }
    }

    /** The tables' key order: by owner, then by hour or day. */
    private static final Comparator<Key> KEY_ORDER = Comparator.comparing(Key::owner)
            .thenComparing(Key::bucket, Rollups::compareBuckets);
    /** Rows a back-fill reads per round trip and writes per batch: enough to amortise each, few enough to hold. */
    private static final int BACKFILL_FETCH = 10_000;
    private static final int BACKFILL_BATCH = 1000;
    private static final Column CODE = new Column("dynamic_code_id", "varchar");
    private static final Column WORKSPACE = new Column("workspace_id", "varchar");
    private static final Column HOUR = new Column("hour_start", "timestamptz");
    private static final Column DAY = new Column("scan_day", "date");
    private static final Column BREAKDOWN = new Column("breakdown", "text");
    private static final List<Column> TOTALS = List.of(new Column("scans", "bigint"),
            new Column("unique_scans", "bigint"), new Column("bot_scans", "bigint"));

    /**
     * A rollup table: keyed by owner and bucket; values are the totals (but in a workspace's daily table) and the
     * breakdown, capped per dimension in a code's table, a plain sum in a workspace's.
     */
    private record Table(String name, Column owner, Column bucket, Class<?> bucketType, boolean withTotals,
            boolean capped) {

        List<Column> keys() {
            return List.of(owner, bucket);
        }

        /** Whether the owner's row lock guards the rows: a code's, not a workspace's. */
        boolean lockedByCode() {
            return owner.equals(CODE);
        }

        List<Column> values() {
            return withTotals ? Stream.concat(TOTALS.stream(), Stream.of(BREAKDOWN)).toList() : List.of(BREAKDOWN);
        }

        List<Column> columns() {
            return Stream.concat(keys().stream(), values().stream()).toList();
        }

        Object bucketOf(ResultSet row, int index) throws SQLException {
            Object value = row.getObject(index, bucketType);
            return value instanceof OffsetDateTime at ? at.toInstant() : value;
        }

        Object[] row(Key key, Totals totals) {
            return withTotals
                    ? new Object[] {key.owner(), key.bucket(), totals.scans, totals.unique, totals.bots,
                        totals.breakdown.toJson()}
                    : new Object[] {key.owner(), key.bucket(), totals.breakdown.toJson()};
        }

        /** A stored row's values, starting at column {@code first}. */
        Totals totals(ResultSet row, int first) throws SQLException {
            int breakdown = first + (withTotals ? TOTALS.size() : 0);
            return withTotals
                    ? new Totals(row.getLong(first), row.getLong(first + 1), row.getLong(first + 2),
                            Breakdown.parse(row.getString(breakdown)))
                    : new Totals(0, 0, 0, Breakdown.parse(row.getString(breakdown)));
        }
    }

    private static final Table HOURLY = new Table("scan_hourly", CODE, HOUR, OffsetDateTime.class, true, true);
    private static final Table DAILY = new Table("scan_daily", CODE, DAY, LocalDate.class, true, true);
    private static final Table WORKSPACE_HOURLY = new Table("workspace_hourly", WORKSPACE, HOUR,
            OffsetDateTime.class, true, false);
    private static final Table WORKSPACE_DAILY = new Table("workspace_daily", WORKSPACE, DAY, LocalDate.class, false,
            false);

    private Rollups() {
    }

    /**
     * Adds a flush's events to the rollups; {@code unique[i]} says whether event i was a visitor's first that day,
     * {@code workspaces} names each code's workspace (a code without one, unknown to {@code dynamic_code}, gets
     * only its own rollups).
     */
    static void add(Connection connection, boolean postgres, List<ScanEvent> events, boolean[] unique,
            Map<String, String> workspaces) throws SQLException {
        Map<Key, Totals> hours = new HashMap<>();
        Map<Key, Totals> days = new HashMap<>();
        for (int i = 0; i < events.size(); i++) {
            ScanEvent event = events.get(i);
            Totals hour = hours.computeIfAbsent(new Key(event.codeId(), event.scannedAt().truncatedTo(ChronoUnit.HOURS)),
                    k -> Totals.none());
            // A day gets a row whenever one of its hours does, bots only included: the whole days of a range then
            // name the same codes as their hours (RollupReader.top).
            Totals day = days.computeIfAbsent(new Key(event.codeId(), ScanTables.utcDay(event.scannedAt())),
                    k -> Totals.none());
            if (!event.counted()) {
                hour.bots++;
                day.bots++;
                continue;
            }
            long first = unique[i] ? 1 : 0;
            hour.scans++;
            hour.unique += first;
            day.scans++;
            day.unique += first;
            for (ScanDimension dimension : ScanDimension.values()) {
                String value = dimension.valueOf(event);
                if (value != null && dimension.counts(unique[i])) {
                    hour.breakdown.add(dimension.stored(), value, 1);
                    day.breakdown.add(dimension.stored(), value, 1);
                }
            }
        }
        write(connection, postgres, WORKSPACE_HOURLY, byWorkspace(write(connection, postgres, HOURLY, hours),
                workspaces));
        write(connection, postgres, WORKSPACE_DAILY, byWorkspace(write(connection, postgres, DAILY, days),
                workspaces));
    }

    /**
     * Takes every rollup row of these codes out of their workspaces' rows; the caller deletes the codes' rows
     * afterwards, in the same transaction, having locked the codes' rows first. A workspace row may come to zero:
     * it stays, adding nothing, until scans of that hour or day arrive.
     */
    static void subtract(Connection connection, boolean postgres, Collection<String> codeIds) throws SQLException {
        for (Table[] tables : new Table[][] {{HOURLY, WORKSPACE_HOURLY}, {DAILY, WORKSPACE_DAILY}}) {
            Table codes = tables[0];
            Table workspaces = tables[1];
            Map<Key, Totals> removed = new HashMap<>();
            // The caller holds the codes' row locks, so these rows stay as read until they are deleted.
            try (PreparedStatement select = connection.prepareStatement("select d." + WORKSPACE.name() + ", r."
                    + codes.bucket().name() + ", " + Sql.names(workspaces.values(), "r.") + " from " + codes.name()
                    + " r join dynamic_code d on d.id = r." + CODE.name() + " where r." + CODE.name()
                    + (postgres ? " = any(?::varchar[])" : " = ?") + " order by r." + CODE.name() + ", r."
                    + codes.bucket().name())) {
                for (List<String> chunk : postgres ? List.of(List.copyOf(codeIds))
                        : codeIds.stream().map(List::of).toList()) {
                    if (postgres) {
                        select.setArray(1, connection.createArrayOf("varchar", chunk.toArray()));
                    } else {
                        select.setString(1, chunk.get(0));
                    }
                    try (ResultSet rows = select.executeQuery()) {
                        while (rows.next()) {
                            Key key = new Key(rows.getString(1), codes.bucketOf(rows, 2));
                            removed.computeIfAbsent(key, k -> Totals.none())
                                    .add(workspaces.totals(rows, 3).negated(), false);
                        }
                    }
                }
            }
            write(connection, postgres, workspaces, removed);
        }
    }

    /**
     * Fills the empty workspace tables with the sums of the codes' rows (schema version 14): the codes' rows stream
     * in workspace and bucket order, and each workspace's bucket is written once it is complete.
     */
    static void sumIntoWorkspaces(Connection connection) throws SQLException {
        for (Table[] tables : new Table[][] {{HOURLY, WORKSPACE_HOURLY}, {DAILY, WORKSPACE_DAILY}}) {
            Table codes = tables[0];
            Table workspaces = tables[1];
            try (Statement read = connection.createStatement();
                    PreparedStatement insert = connection.prepareStatement("insert into " + workspaces.name() + " ("
                            + Sql.names(workspaces.columns(), "") + ") values ("
                            + Sql.parameters(workspaces.columns()) + ")")) {
                read.setFetchSize(BACKFILL_FETCH);
                // What the workspace table keeps, which is all the codes' table had at schema version 14.
                try (ResultSet rows = read.executeQuery("select d." + WORKSPACE.name() + ", r."
                        + codes.bucket().name() + ", " + Sql.names(workspaces.values(), "r.") + " from "
                        + codes.name() + " r join dynamic_code d on d.id = r." + CODE.name() + " order by d."
                        + WORKSPACE.name() + ", r." + codes.bucket().name())) {
                    Key key = null;
                    Totals sum = null;
                    int pending = 0;
                    while (rows.next()) {
                        Key row = new Key(rows.getString(1), codes.bucketOf(rows, 2));
                        if (!row.equals(key)) {
                            if (key != null) {
                                Sql.bindRow(insert, workspaces.row(key, sum));
                                insert.addBatch();
                                pending++;
                            }
                            key = row;
                            sum = Totals.none();
                        }
                        sum.add(workspaces.totals(rows, 3), false);
                        if (pending == BACKFILL_BATCH) {
                            insert.executeBatch();
                            pending = 0;
                        }
                    }
                    if (key != null) {
                        Sql.bindRow(insert, workspaces.row(key, sum));
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
            }
        }
    }

    /** Two buckets of one table: two hours or two days. */
    private static int compareBuckets(Object a, Object b) {
        return a instanceof Instant hour ? hour.compareTo((Instant) b) : ((LocalDate) a).compareTo((LocalDate) b);
    }

    /** What the codes' rows gained, added up by workspace. */
    private static Map<Key, Totals> byWorkspace(Map<Key, Totals> added, Map<String, String> workspaces) {
        Map<Key, Totals> sums = new HashMap<>();
        added.forEach((key, totals) -> {
            String workspace = workspaces.get(key.owner());
            if (workspace != null) {
                sums.computeIfAbsent(new Key(workspace, key.bucket()), k -> Totals.none()).add(totals, false);
            }
        });
        return sums;
    }

    /**
     * Adds {@code batch} to {@code table}'s rows.
     *
     * @return what each row gained, by the values it was counted under
     */
    private static Map<Key, Totals> write(Connection connection, boolean postgres, Table table,
            Map<Key, Totals> batch) throws SQLException {
        Map<Key, Totals> added = new HashMap<>();
        if (batch.isEmpty()) {
            return added;
        }
        // In key order, so that reading and rewriting the rows walk the table's primary key page by page.
        TreeMap<Key, Totals> inOrder = new TreeMap<>(KEY_ORDER);
        inOrder.putAll(batch);
        batch = inOrder;
        if (postgres && !table.lockedByCode()) {
            createMissingRows(connection, table, batch.keySet());
        }
        Map<Key, Totals> stored = postgres ? storedRowsPostgres(connection, table, batch.keySet())
                : storedRowsH2(connection, table, batch.keySet());
        List<Object[]> updates = new ArrayList<>();
        List<Object[]> inserts = new ArrayList<>();
        batch.forEach((key, totals) -> {
            Totals existing = stored.get(key);
            if (existing == null) {
                inserts.add(table.row(key, totals));
                added.put(key, totals);
            } else {
                added.put(key, existing.add(totals, table.capped()));
                updates.add(table.row(key, existing));
            }
        });
        String columns = Sql.names(table.columns(), "");
        String keyMatch = "t." + table.owner().name() + " = u." + table.owner().name() + " and t."
                + table.bucket().name() + " = u." + table.bucket().name();
        if (postgres) {
            if (!updates.isEmpty()) {
                String stage = Sql.stage(connection, table.name());
                Sql.copy(connection, stage, table.columns(), updates);
                try (Statement update = connection.createStatement()) {
                    // Without statistics the planner takes the staged rows for many more than the few thousand
                    // buckets they are, and scans the whole rollup table instead of looking each one up. The keys
                    // are all it needs: sampling the breakdowns too would cost several times as much.
                    update.execute("analyze " + stage + " (" + Sql.names(table.keys(), "") + ")");
                    update.executeUpdate("update " + table.name() + " t set " + Sql.join(table.values(),
                            c -> c.name() + " = u." + c.name()) + " from " + stage + " u where " + keyMatch);
                }
            }
            // Like an INSERT, the COPY fails if another node inserted one of these rows meanwhile.
            Sql.copy(connection, table.name(), table.columns(), inserts);
            return added;
        }
        // H2: values first, then the key, matching the update's parameter order.
        List<Object[]> reordered = updates.stream().map(row -> {
            Object[] values = new Object[row.length];
            System.arraycopy(row, 2, values, 0, row.length - 2);
            values[row.length - 2] = row[0];
            values[row.length - 1] = row[1];
            return values;
        }).toList();
        batch(connection, "update " + table.name() + " set " + Sql.join(table.values(), c -> c.name() + " = ?")
                + " where " + table.owner().name() + " = ? and " + table.bucket().name() + " = ?", reordered);
        batch(connection, "insert into " + table.name() + " (" + columns + ") values ("
                + Sql.parameters(table.columns()) + ")", inserts);
        return added;
    }

    /**
     * The stored rows among {@code keys}; a workspace's locked in key order (see the class comment for why a code's
     * need no lock).
     */
    private static Map<Key, Totals> storedRowsPostgres(Connection connection, Table table, java.util.Set<Key> keys)
            throws SQLException {
        List<Object[]> keyRows = keys.stream().map(k -> new Object[] {k.owner(), k.bucket()}).toList();
        String bucket = table.bucket().name();
        Map<Key, Totals> stored = new HashMap<>();
        String owner = table.owner().name();
        try (PreparedStatement select = connection.prepareStatement("select t." + owner + ", t." + bucket + ", "
                + Sql.names(table.values(), "t.") + " from " + table.name() + " t join unnest("
                + Sql.arrays(table.keys()) + ") k(owner, bucket) on t." + owner + " = k.owner and t." + bucket
                + " = k.bucket" + (table.lockedByCode() ? "" : " order by t." + owner + ", t." + bucket
                + " for update of t"))) {
            Sql.bindArrays(connection, select, table.keys(), keyRows);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    stored.put(new Key(rows.getString(1), table.bucketOf(rows, 2)), table.totals(rows, 3));
                }
            }
        }
        return stored;
    }

    /**
     * Creates, empty, the rows among {@code keys} of a table several codes' flushes share (a workspace's), so that
     * every flush then updates rows it has locked: two nodes flushing codes of one workspace would otherwise both
     * insert its new hour's row, and one flush would fail. Created in key order, as they are locked, so two flushes
     * cannot wait on each other's new rows.
     */
    private static void createMissingRows(Connection connection, Table table, java.util.Set<Key> keys)
            throws SQLException {
        List<Object[]> empty = keys.stream().sorted(KEY_ORDER).map(key -> table.row(key, Totals.none())).toList();
        batch(connection, "insert into " + table.name() + " (" + Sql.names(table.columns(), "") + ") values ("
                + Sql.parameters(table.columns()) + ") on conflict do nothing", empty);
    }

    private static Map<Key, Totals> storedRowsH2(Connection connection, Table table, java.util.Set<Key> keys)
            throws SQLException {
        Map<Key, Totals> stored = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement("select " + Sql.names(table.values(), "")
                + " from " + table.name() + " where " + table.owner().name() + " = ? and " + table.bucket().name()
                + " = ?" + (table.lockedByCode() ? "" : " for update"))) {
            for (Key key : keys) {
                Sql.bindRow(select, new Object[] {key.owner(), key.bucket()});
                try (ResultSet rows = select.executeQuery()) {
                    if (rows.next()) {
                        stored.put(key, table.totals(rows, 1));
                    }
                }
            }
        }
        return stored;
    }

    private static void batch(Connection connection, String sql, List<Object[]> rows) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (Object[] row : rows) {
                Sql.bindRow(statement, row);
                statement.addBatch();
            }
            statement.executeBatch();
        }
    }
}
