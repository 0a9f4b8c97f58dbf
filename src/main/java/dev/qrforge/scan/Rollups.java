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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The rollups the analytics read: per code and UTC hour ({@code scan_hourly}: people's scans, first-of-day
 * visitors, bots, and the breakdown of people's scans by dimension) and per code and UTC day ({@code scan_daily}:
 * the breakdown). A flush reads the rows its scans fall into under row locks, adds its scans, writes the existing
 * rows back and inserts the new ones. Two nodes inserting the same new row at once make one flush fail; its scans are
 * written by the next one, so nothing is lost or counted twice.
 */
final class Rollups {

    /** A code's bucket: an hour (its start, an Instant) or a UTC day (a LocalDate). */
    record Key(String codeId, Object bucket) {
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

        void addAll(Totals other) {
            scans += other.scans;
            unique += other.unique;
            bots += other.bots;
            breakdown.addAll(other.breakdown);
        }
    }

    private static final Column CODE = new Column("dynamic_code_id", "varchar");
    private static final Column BREAKDOWN = new Column("breakdown", "text");
    private static final List<Column> TOTALS = List.of(new Column("scans", "bigint"),
            new Column("unique_scans", "bigint"), new Column("bot_scans", "bigint"));

    /** A rollup table: keyed by code and bucket; values are the totals (hourly only) and the breakdown. */
    private record Table(String name, Column bucket, Class<?> bucketType, boolean withTotals) {

        List<Column> keys() {
            return List.of(CODE, bucket);
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
                    ? new Object[] {key.codeId(), key.bucket(), totals.scans, totals.unique, totals.bots,
                        totals.breakdown.toJson()}
                    : new Object[] {key.codeId(), key.bucket(), totals.breakdown.toJson()};
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

    private static final Table HOURLY = new Table("scan_hourly", new Column("hour_start", "timestamptz"),
            OffsetDateTime.class, true);
    private static final Table DAILY = new Table("scan_daily", new Column("scan_day", "date"), LocalDate.class, false);

    private Rollups() {
    }

    /** Adds a flush's events to the rollups; {@code unique[i]} says whether event i was a visitor's first that day. */
    static void add(Connection connection, boolean postgres, List<ScanEvent> events, boolean[] unique)
            throws SQLException {
        Map<Key, Totals> hours = new HashMap<>();
        Map<Key, Totals> days = new HashMap<>();
        for (int i = 0; i < events.size(); i++) {
            ScanEvent event = events.get(i);
            Totals hour = hours.computeIfAbsent(new Key(event.codeId(), event.scannedAt().truncatedTo(ChronoUnit.HOURS)),
                    k -> new Totals(0, 0, 0, Breakdown.empty()));
            if (!event.counted()) {
                hour.bots++;
                continue;
            }
            hour.scans++;
            hour.unique += unique[i] ? 1 : 0;
            Totals day = days.computeIfAbsent(new Key(event.codeId(), ScanTables.utcDay(event.scannedAt())),
                    k -> new Totals(0, 0, 0, Breakdown.empty()));
            for (ScanDimension dimension : ScanDimension.values()) {
                String value = dimension.valueOf(event);
                if (value != null && dimension.counts(unique[i])) {
                    hour.breakdown.add(dimension.stored(), value, 1);
                    day.breakdown.add(dimension.stored(), value, 1);
                }
            }
        }
        write(connection, postgres, HOURLY, hours);
        write(connection, postgres, DAILY, days);
    }

    private static void write(Connection connection, boolean postgres, Table table, Map<Key, Totals> batch)
            throws SQLException {
        if (batch.isEmpty()) {
            return;
        }
        Map<Key, Totals> stored = postgres ? lockedRowsPostgres(connection, table, batch.keySet())
                : lockedRowsH2(connection, table, batch.keySet());
        List<Object[]> updates = new ArrayList<>();
        List<Object[]> inserts = new ArrayList<>();
        batch.forEach((key, totals) -> {
            Totals existing = stored.get(key);
            if (existing == null) {
                inserts.add(table.row(key, totals));
            } else {
                existing.addAll(totals);
                updates.add(table.row(key, existing));
            }
        });
        String columns = Sql.names(table.columns(), "");
        String keyMatch = "t." + CODE.name() + " = u." + CODE.name() + " and t." + table.bucket().name() + " = u."
                + table.bucket().name();
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
            return;
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
                + " where " + CODE.name() + " = ? and " + table.bucket().name() + " = ?", reordered);
        batch(connection, "insert into " + table.name() + " (" + columns + ") values ("
                + Sql.parameters(table.columns()) + ")", inserts);
    }

    /** The stored rows among {@code keys}, locked in key order (so concurrent flushes cannot deadlock). */
    private static Map<Key, Totals> lockedRowsPostgres(Connection connection, Table table, java.util.Set<Key> keys)
            throws SQLException {
        List<Object[]> keyRows = keys.stream().map(k -> new Object[] {k.codeId(), k.bucket()}).toList();
        String bucket = table.bucket().name();
        Map<Key, Totals> stored = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement("select t." + CODE.name() + ", t." + bucket + ", "
                + Sql.names(table.values(), "t.") + " from " + table.name() + " t join unnest("
                + Sql.arrays(table.keys()) + ") k(code, bucket) on t." + CODE.name() + " = k.code and t." + bucket
                + " = k.bucket order by t." + CODE.name() + ", t." + bucket + " for update of t")) {
            Sql.bindArrays(connection, select, table.keys(), keyRows);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    stored.put(new Key(rows.getString(1), table.bucketOf(rows, 2)), table.totals(rows, 3));
                }
            }
        }
        return stored;
    }

    private static Map<Key, Totals> lockedRowsH2(Connection connection, Table table, java.util.Set<Key> keys)
            throws SQLException {
        Map<Key, Totals> stored = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement("select " + Sql.names(table.values(), "")
                + " from " + table.name() + " where " + CODE.name() + " = ? and " + table.bucket().name()
                + " = ? for update")) {
            for (Key key : keys) {
                Sql.bindRow(select, new Object[] {key.codeId(), key.bucket()});
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
