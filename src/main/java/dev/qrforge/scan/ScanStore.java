package dev.qrforge.scan;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Writes buffered scans with plain JDBC batches in one transaction: the counts as increments
 * ({@code scan_count = scan_count + ?}, so nodes sharing a database never overwrite each other), each visitor's
 * first scan of the day, the events, and the hourly and daily rollups the analytics read. Rollups are upserted with
 * standard SQL MERGE as increments too; two nodes inserting the same new row at once make one flush fail, and its
 * scans are written by the next one.
 */
@ApplicationScoped
public class ScanStore {

    private static final String ADD_COUNT = "update dynamic_code set scan_count = scan_count + ? where id = ?";
    /** PostgreSQL: every code's increment in one statement, however many codes a flush touches. */
    private static final String ADD_COUNTS_UNNEST = "update dynamic_code d set scan_count = d.scan_count + c.scans"
            + " from unnest(?::varchar[], ?::bigint[]) c(id, scans) where d.id = c.id";
    private static final String POSTGRES = "PostgreSQL";
    private static final Column CODE = new Column("dynamic_code_id", "varchar(40)", "varchar");
    private static final Column HOUR = new Column("hour_start", "timestamp with time zone", "timestamptz");
    private static final Column DAY = new Column("scan_day", "date", "date");
    private static final Column DIMENSION = new Column("dimension", "varchar(16)", "varchar");
    private static final Column VALUE = new Column("dimension_value", "varchar(255)", "varchar");
    private static final Column SCANS = new Column("scans", "bigint", "bigint");
    static final Table VISITORS = new Table("scan_visitor",
            List.of(CODE, DAY, new Column("visitor_key", "varchar(32)", "varchar")), List.of());
    static final Table HOURLY = new Table("scan_hourly", List.of(CODE, HOUR),
            List.of(SCANS, new Column("unique_scans", "bigint", "bigint"), new Column("bot_scans", "bigint", "bigint")));
    static final Table DIMENSIONS_HOURLY = new Table("scan_dimension_hourly", List.of(CODE, HOUR, DIMENSION, VALUE),
            List.of(SCANS));
    static final Table DIMENSIONS_DAILY = new Table("scan_dimension_daily", List.of(CODE, DAY, DIMENSION, VALUE),
            List.of(SCANS));
    private static final Column TEXT = new Column(null, "varchar(255)", "varchar");
    private static final Column FLAG = new Column(null, "boolean", "boolean");
    private static final List<Column> EVENT_COLUMNS = List.of(CODE,
            new Column("scanned_at", "timestamp with time zone", "timestamptz"), FLAG.named("bot"),
            TEXT.named("os"), TEXT.named("os_version"), TEXT.named("device"), TEXT.named("browser"),
            TEXT.named("browser_version"), TEXT.named("country"), TEXT.named("region"), TEXT.named("city"),
            TEXT.named("language"), TEXT.named("referrer_host"), TEXT.named("visitor_key"), FLAG.named("unique_scan"));

    /** A column as standard SQL casts it, and as a PostgreSQL array element type. */
    record Column(String name, String sqlType, String arrayType) {

        Column named(String columnName) {
            return new Column(columnName, sqlType, arrayType);
        }
    }

    /**
     * A rollup table: rows are identified by {@code keys}, and writing a row adds its {@code values} to the stored
     * ones (a table without values only gains rows it lacks).
     */
    record Table(String name, List<Column> keys, List<Column> values) {

        List<Column> columns() {
            return java.util.stream.Stream.concat(keys.stream(), values.stream()).toList();
        }

        private String names(String prefix) {
            return columns().stream().map(c -> prefix + c.name()).collect(java.util.stream.Collectors.joining(", "));
        }

        /** Standard SQL (H2, PostgreSQL 15+), one statement per row in a JDBC batch. */
        String merge() {
            String source = columns().stream().map(c -> "cast(? as " + c.sqlType() + ")")
                    .collect(java.util.stream.Collectors.joining(", "));
            String on = keys.stream().map(c -> "t." + c.name() + " = s." + c.name())
                    .collect(java.util.stream.Collectors.joining(" and "));
            String update = values.stream().map(c -> c.name() + " = t." + c.name() + " + s." + c.name())
                    .collect(java.util.stream.Collectors.joining(", "));
            return "merge into " + name + " t using (values (" + source + ")) s(" + names("") + ") on " + on
                    + (values.isEmpty() ? "" : " when matched then update set " + update)
                    + " when not matched then insert (" + names("") + ") values (" + names("s.") + ")";
        }

        /** PostgreSQL: the whole batch as one set-based statement over arrays, one per column. */
        String unnest() {
            String arrays = columns().stream().map(c -> "?::" + c.arrayType() + "[]")
                    .collect(java.util.stream.Collectors.joining(", "));
            String keyNames = keys.stream().map(Column::name).collect(java.util.stream.Collectors.joining(", "));
            String update = values.stream().map(c -> c.name() + " = " + name + "." + c.name() + " + excluded." + c.name())
                    .collect(java.util.stream.Collectors.joining(", "));
            return "insert into " + name + " (" + names("") + ") select * from unnest(" + arrays + ") on conflict ("
                    + keyNames + ") do " + (values.isEmpty() ? "nothing returning " + keyNames : "update set " + update);
        }
    }

    private record Visit(String codeId, LocalDate day, String visitorKey) {
    }

    private record Period<T>(String codeId, T start, ScanDimension dimension, String value) {
    }

    @Resource
    DataSource dataSource;

    @Transactional
    public void write(List<ScanEvent> events, Map<String, Long> counts) {
        try (Connection connection = dataSource.getConnection()) {
            boolean postgres = POSTGRES.equals(connection.getMetaData().getDatabaseProductName());
            addCounts(connection, postgres, counts);
            boolean[] unique = firstVisits(connection, postgres, events);
            insertEvents(connection, postgres, events, unique);
            addRollups(connection, postgres, events, unique);
        } catch (SQLException e) {
            throw new IllegalStateException("could not write scans: " + e.getMessage(), e);
        }
    }

    private static void addCounts(Connection connection, boolean postgres, Map<String, Long> counts)
            throws SQLException {
        if (postgres) {
            try (PreparedStatement addCounts = connection.prepareStatement(ADD_COUNTS_UNNEST)) {
                addCounts.setArray(1, connection.createArrayOf("varchar", counts.keySet().toArray()));
                addCounts.setArray(2, connection.createArrayOf("bigint", counts.values().toArray()));
                addCounts.executeUpdate();
            }
            return;
        }
        try (PreparedStatement addCount = connection.prepareStatement(ADD_COUNT)) {
            for (Map.Entry<String, Long> count : counts.entrySet()) {
                addCount.setLong(1, count.getValue());
                addCount.setString(2, count.getKey());
                addCount.addBatch();
            }
            addCount.executeBatch();
        }
    }

    /** Which events are a person's first scan of the code that (UTC) day, here or in any earlier flush. */
    private static boolean[] firstVisits(Connection connection, boolean postgres, List<ScanEvent> events)
            throws SQLException {
        Map<Visit, Integer> firstInBatch = new LinkedHashMap<>();
        for (int i = 0; i < events.size(); i++) {
            ScanEvent event = events.get(i);
            if (event.counted() && event.visitorKey() != null) {
                firstInBatch.putIfAbsent(new Visit(event.codeId(), utcDay(event.scannedAt()), event.visitorKey()), i);
            }
        }
        List<Object[]> rows = firstInBatch.keySet().stream()
                .map(v -> new Object[] {v.codeId(), v.day(), v.visitorKey()}).toList();
        boolean[] inserted = upsert(connection, postgres, VISITORS, rows);
        boolean[] unique = new boolean[events.size()];
        int row = 0;
        for (int eventIndex : firstInBatch.values()) {
            unique[eventIndex] = inserted[row++];
        }
        return unique;
    }

    private static void insertEvents(Connection connection, boolean postgres, List<ScanEvent> events,
            boolean[] unique) throws SQLException {
        List<Object[]> rows = new ArrayList<>(events.size());
        for (int i = 0; i < events.size(); i++) {
            ScanEvent event = events.get(i);
            ClientFacts facts = event.facts();
            rows.add(new Object[] {event.codeId(), event.scannedAt(), facts.bot(), facts.os(), facts.osVersion(),
                facts.device(), facts.browser(), facts.browserVersion(), facts.country(), facts.region(),
                facts.city(), facts.language(), facts.referrerHost(), event.visitorKey(), unique[i]});
        }
        String names = EVENT_COLUMNS.stream().map(Column::name).collect(java.util.stream.Collectors.joining(", "));
        if (postgres) {
            // One statement whatever the batch size, without depending on the driver's reWriteBatchedInserts.
            String arrays = EVENT_COLUMNS.stream().map(c -> "?::" + c.arrayType() + "[]")
                    .collect(java.util.stream.Collectors.joining(", "));
            try (PreparedStatement insert = connection.prepareStatement("insert into scan_event (" + names
                    + ") select * from unnest(" + arrays + ")")) {
                bindArrays(connection, insert, EVENT_COLUMNS, rows);
                insert.executeUpdate();
            }
            return;
        }
        String parameters = EVENT_COLUMNS.stream().map(c -> "?").collect(java.util.stream.Collectors.joining(", "));
        try (PreparedStatement insert = connection.prepareStatement("insert into scan_event (" + names
                + ") values (" + parameters + ")")) {
            for (Object[] row : rows) {
                bindRow(insert, row);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    private static void addRollups(Connection connection, boolean postgres, List<ScanEvent> events,
            boolean[] unique) throws SQLException {
        Map<Period<Instant>, long[]> hourly = new HashMap<>();
        Map<Period<Instant>, Long> dimensionHourly = new HashMap<>();
        Map<Period<LocalDate>, Long> dimensionDaily = new HashMap<>();
        for (int i = 0; i < events.size(); i++) {
            ScanEvent event = events.get(i);
            Instant hour = event.scannedAt().truncatedTo(ChronoUnit.HOURS);
            long[] totals = hourly.computeIfAbsent(new Period<>(event.codeId(), hour, null, null), p -> new long[3]);
            if (!event.counted()) {
                totals[2]++;
                continue;
            }
            totals[0]++;
            totals[1] += unique[i] ? 1 : 0;
            LocalDate day = utcDay(event.scannedAt());
            for (ScanDimension dimension : ScanDimension.values()) {
                String value = dimension.valueOf(event.facts());
                if (value != null) {
                    dimensionHourly.merge(new Period<>(event.codeId(), hour, dimension, value), 1L, Long::sum);
                    dimensionDaily.merge(new Period<>(event.codeId(), day, dimension, value), 1L, Long::sum);
                }
            }
        }
        upsert(connection, postgres, HOURLY, hourly.entrySet().stream().map(e -> new Object[] {e.getKey().codeId(),
            e.getKey().start(), e.getValue()[0], e.getValue()[1], e.getValue()[2]}).toList());
        upsert(connection, postgres, DIMENSIONS_HOURLY, dimensionRows(dimensionHourly));
        upsert(connection, postgres, DIMENSIONS_DAILY, dimensionRows(dimensionDaily));
    }

    private static <T> List<Object[]> dimensionRows(Map<Period<T>, Long> counts) {
        return counts.entrySet().stream().map(e -> new Object[] {e.getKey().codeId(), e.getKey().start(),
            e.getKey().dimension().stored(), e.getKey().value(), e.getValue()}).toList();
    }

    /**
     * Writes rows into a rollup table, adding to the rows that exist.
     *
     * @return for each row, whether it was new to the table
     */
    private static boolean[] upsert(Connection connection, boolean postgres, Table table, List<Object[]> rows)
            throws SQLException {
        boolean[] inserted = new boolean[rows.size()];
        if (rows.isEmpty()) {
            return inserted;
        }
        if (postgres) {
            try (PreparedStatement statement = connection.prepareStatement(table.unnest())) {
                bindArrays(connection, statement, table.columns(), rows);
                if (!table.values().isEmpty()) {
                    statement.executeUpdate();
                    return inserted;
                }
                java.util.Set<List<Object>> fresh = new java.util.HashSet<>();
                try (java.sql.ResultSet created = statement.executeQuery()) {
                    while (created.next()) {
                        List<Object> key = new ArrayList<>();
                        for (int c = 0; c < table.keys().size(); c++) {
                            key.add(fromArrayElement(created.getObject(c + 1)));
                        }
                        fresh.add(key);
                    }
                }
                for (int r = 0; r < rows.size(); r++) {
                    inserted[r] = fresh.contains(java.util.Arrays.asList(rows.get(r)).subList(0, table.keys().size()));
                }
                return inserted;
            }
        }
        try (PreparedStatement merge = connection.prepareStatement(table.merge())) {
            for (Object[] row : rows) {
                bindRow(merge, row);
                merge.addBatch();
            }
            int[] counts = merge.executeBatch();
            for (int r = 0; r < rows.size(); r++) {
                inserted[r] = counts[r] > 0;
            }
            return inserted;
        }
    }

    /** PostgreSQL: one array parameter per column. */
    private static void bindArrays(Connection connection, PreparedStatement statement, List<Column> columns,
            List<Object[]> rows) throws SQLException {
        for (int c = 0; c < columns.size(); c++) {
            Object[] column = new Object[rows.size()];
            for (int r = 0; r < rows.size(); r++) {
                column[r] = arrayElement(rows.get(r)[c]);
            }
            statement.setArray(c + 1, connection.createArrayOf(columns.get(c).arrayType(), column));
        }
    }

    private static void bindRow(PreparedStatement statement, Object[] row) throws SQLException {
        for (int c = 0; c < row.length; c++) {
            if (row[c] == null) {
                statement.setNull(c + 1, Types.VARCHAR);
            } else {
                statement.setObject(c + 1, row[c] instanceof Instant at ? OffsetDateTime.ofInstant(at, ZoneOffset.UTC)
                        : row[c]);
            }
        }
    }

    private static Object arrayElement(Object value) {
        if (value instanceof Instant at) {
            return Timestamp.from(at);
        }
        return value instanceof LocalDate day ? java.sql.Date.valueOf(day) : value;
    }

    private static Object fromArrayElement(Object value) {
        return value instanceof java.sql.Date day ? day.toLocalDate() : value;
    }

    static LocalDate utcDay(Instant at) {
        return at.atZone(ZoneOffset.UTC).toLocalDate();
    }
}
