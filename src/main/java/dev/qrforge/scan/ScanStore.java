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
    private static final String NEW_VISITOR = "merge into scan_visitor t using (values (cast(? as varchar(40)),"
            + " cast(? as date), cast(? as varchar(32)))) s(code, scan_day, visitor) on t.dynamic_code_id = s.code"
            + " and t.scan_day = s.scan_day and t.visitor_key = s.visitor when not matched then insert (dynamic_code_id, scan_day,"
            + " visitor_key) values (s.code, s.scan_day, s.visitor)";
    private static final String INSERT_EVENT = "insert into scan_event (dynamic_code_id, scanned_at, bot, os,"
            + " os_version, device, browser, browser_version, country, region, city, language, referrer_host,"
            + " visitor_key, unique_scan) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String ADD_HOURLY = "merge into scan_hourly t using (values (cast(? as varchar(40)),"
            + " cast(? as timestamp with time zone), cast(? as bigint), cast(? as bigint), cast(? as bigint)))"
            + " s(code, hour_start, scans, uniques, bots) on t.dynamic_code_id = s.code and t.hour_start = s.hour_start"
            + " when matched then update set scans = t.scans + s.scans, unique_scans = t.unique_scans + s.uniques,"
            + " bot_scans = t.bot_scans + s.bots when not matched then insert (dynamic_code_id, hour_start, scans,"
            + " unique_scans, bot_scans) values (s.code, s.hour_start, s.scans, s.uniques, s.bots)";
    private static final String ADD_DIMENSION = "merge into scan_dimension_%1$s t using (values (cast(? as"
            + " varchar(40)), cast(? as %2$s), cast(? as varchar(16)), cast(? as varchar(255)), cast(? as bigint)))"
            + " s(code, period, dimension, dimension_value, scans) on t.dynamic_code_id = s.code and t.%3$s = s.period"
            + " and t.dimension = s.dimension and t.dimension_value = s.dimension_value when matched then update set"
            + " scans = t.scans + s.scans when not matched then insert (dynamic_code_id, %3$s, dimension,"
            + " dimension_value, scans) values (s.code, s.period, s.dimension, s.dimension_value, s.scans)";
    private static final String ADD_DIMENSION_HOURLY = String.format(ADD_DIMENSION, "hourly",
            "timestamp with time zone", "hour_start");
    private static final String ADD_DIMENSION_DAILY = String.format(ADD_DIMENSION, "daily", "date", "scan_day");

    private record Visit(String codeId, LocalDate day, String visitorKey) {
    }

    private record Period<T>(String codeId, T start, ScanDimension dimension, String value) {
    }

    @Resource
    DataSource dataSource;

    @Transactional
    public void write(List<ScanEvent> events, Map<String, Long> counts) {
        try (Connection connection = dataSource.getConnection()) {
            addCounts(connection, counts);
            boolean[] unique = firstVisits(connection, events);
            insertEvents(connection, events, unique);
            addRollups(connection, events, unique);
        } catch (SQLException e) {
            throw new IllegalStateException("could not write scans: " + e.getMessage(), e);
        }
    }

    private static void addCounts(Connection connection, Map<String, Long> counts) throws SQLException {
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
    private static boolean[] firstVisits(Connection connection, List<ScanEvent> events) throws SQLException {
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
        try (PreparedStatement merge = connection.prepareStatement(NEW_VISITOR)) {
            for (Visit visit : firstInBatch.keySet()) {
                merge.setString(1, visit.codeId());
                merge.setObject(2, visit.day());
                merge.setString(3, visit.visitorKey());
                merge.addBatch();
            }
            int[] inserted = merge.executeBatch();
            int i = 0;
            for (int eventIndex : firstInBatch.values()) {
                unique[eventIndex] = inserted[i++] > 0;
            }
        }
        return unique;
    }

    private static void insertEvents(Connection connection, List<ScanEvent> events, boolean[] unique)
            throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(INSERT_EVENT)) {
            for (int i = 0; i < events.size(); i++) {
                ScanEvent event = events.get(i);
                ClientFacts facts = event.facts();
                insert.setString(1, event.codeId());
                insert.setTimestamp(2, Timestamp.from(event.scannedAt()));
                insert.setBoolean(3, facts.bot());
                setNullable(insert, 4, facts.os());
                setNullable(insert, 5, facts.osVersion());
                setNullable(insert, 6, facts.device());
                setNullable(insert, 7, facts.browser());
                setNullable(insert, 8, facts.browserVersion());
                setNullable(insert, 9, facts.country());
                setNullable(insert, 10, facts.region());
                setNullable(insert, 11, facts.city());
                setNullable(insert, 12, facts.language());
                setNullable(insert, 13, facts.referrerHost());
                setNullable(insert, 14, event.visitorKey());
                insert.setBoolean(15, unique[i]);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    private static void addRollups(Connection connection, List<ScanEvent> events, boolean[] unique)
            throws SQLException {
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
        try (PreparedStatement merge = connection.prepareStatement(ADD_HOURLY)) {
            for (Map.Entry<Period<Instant>, long[]> row : hourly.entrySet()) {
                merge.setString(1, row.getKey().codeId());
                merge.setObject(2, OffsetDateTime.ofInstant(row.getKey().start(), ZoneOffset.UTC));
                merge.setLong(3, row.getValue()[0]);
                merge.setLong(4, row.getValue()[1]);
                merge.setLong(5, row.getValue()[2]);
                merge.addBatch();
            }
            merge.executeBatch();
        }
        addDimensions(connection, ADD_DIMENSION_HOURLY, dimensionHourly,
                start -> OffsetDateTime.ofInstant(start, ZoneOffset.UTC));
        addDimensions(connection, ADD_DIMENSION_DAILY, dimensionDaily, start -> start);
    }

    private static <T> void addDimensions(Connection connection, String sql, Map<Period<T>, Long> rows,
            java.util.function.Function<T, Object> period) throws SQLException {
        try (PreparedStatement merge = connection.prepareStatement(sql)) {
            for (Map.Entry<Period<T>, Long> row : rows.entrySet()) {
                merge.setString(1, row.getKey().codeId());
                merge.setObject(2, period.apply(row.getKey().start()));
                merge.setString(3, row.getKey().dimension().stored());
                merge.setString(4, row.getKey().value());
                merge.setLong(5, row.getValue());
                merge.addBatch();
            }
            merge.executeBatch();
        }
    }

    static LocalDate utcDay(Instant at) {
        return at.atZone(ZoneOffset.UTC).toLocalDate();
    }

    private static void setNullable(PreparedStatement statement, int index, String value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.VARCHAR);
        } else {
            statement.setString(index, value);
        }
    }
}
