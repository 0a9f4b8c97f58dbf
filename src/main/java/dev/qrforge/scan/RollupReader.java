package dev.qrforge.scan;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * Reads the rollups the flush maintains ({@link Rollups}), never the raw events: hourly totals, and the breakdowns,
 * from the daily rows for the whole UTC days of a range and from the hourly rows for its partial days at either end,
 * so any range costs a few index range scans whatever it spans.
 */
@ApplicationScoped
public class RollupReader {

    /** Formats: the owner's hourly table, and its condition; the owner's daily table, and its condition. */
    private static final String HOURLY = "select hour_start, sum(scans), sum(unique_scans), sum(bot_scans)"
            + " from %1$s where %2$s and hour_start >= ? and hour_start < ? group by hour_start";
    private static final String BREAKDOWNS_DAILY = "select breakdown from %3$s"
            + " where %4$s and scan_day >= ? and scan_day < ?";
    private static final String BREAKDOWNS_HOURLY = "select breakdown from %1$s where %2$s"
            + " and ((hour_start >= ? and hour_start < ?) or (hour_start >= ? and hour_start < ?))";
    private static final String TOP_CODES = "select dynamic_code_id, sum(scans), sum(unique_scans) from scan_hourly"
            + " where dynamic_code_id in (select id from dynamic_code where workspace_id = ?)"
            + " and hour_start >= ? and hour_start < ? group by dynamic_code_id"
            + " order by sum(scans) desc, dynamic_code_id limit ?";

    /** The codes' scans in one UTC hour. */
    public record Hour(Instant start, long scans, long uniqueScans, long botScans) {
    }

    /** One code's scans over a range. */
    public record CodeTotals(String codeId, long scans, long uniqueScans) {
    }

    /**
     * Whose rollups a query reads: one code's, or a workspace's, which sum those of every code it has had, deleted
     * ones included (their scans stay part of the workspace's history until erased).
     *
     * @param hourly    the hourly rollup table
     * @param daily     the daily rollup table
     * @param condition an SQL condition on the tables' owner column with one parameter
     */
    public record Codes(String hourly, String daily, String condition, String parameter) {

        public static Codes one(String codeId) {
            return new Codes("scan_hourly", "scan_daily", "dynamic_code_id = ?", codeId);
        }

        public static Codes ofWorkspace(String workspaceId) {
            return new Codes("workspace_hourly", "workspace_daily", "workspace_id = ?", workspaceId);
        }

        private String where(String query) {
            return String.format(query, hourly, condition, daily, condition);
        }
    }

    @Inject
    DataSource dataSource;

    /**
     * Hands {@code each} every hour of [from, to) in which the codes were scanned; {@code from} and {@code to} on
     * hours.
     */
    public void hours(Codes codes, Instant from, Instant to, Consumer<Hour> each) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement hourly = connection.prepareStatement(codes.where(HOURLY))) {
            hourly.setString(1, codes.parameter());
            hourly.setObject(2, utc(from));
            hourly.setObject(3, utc(to));
            try (ResultSet rows = hourly.executeQuery()) {
                while (rows.next()) {
                    each.accept(new Hour(rows.getObject(1, OffsetDateTime.class).toInstant(), rows.getLong(2),
                            rows.getLong(3), rows.getLong(4)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not read scan rollups: " + e.getMessage(), e);
        }
    }

    /**
     * The most scanned of the codes the workspace has had in [from, to), most first; {@code from} and {@code to} on
     * hours.
     */
    public List<CodeTotals> top(String workspaceId, Instant from, Instant to, int limit) {
        List<CodeTotals> top = new ArrayList<>();
        try (Connection connection = dataSource.getConnection();
                PreparedStatement query = connection.prepareStatement(TOP_CODES)) {
            query.setString(1, workspaceId);
            query.setObject(2, utc(from));
            query.setObject(3, utc(to));
            query.setInt(4, limit);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    top.add(new CodeTotals(rows.getString(1), rows.getLong(2), rows.getLong(3)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not read scan rollups: " + e.getMessage(), e);
        }
        return top;
    }

    /** The codes' scans in [from, to) by every dimension and value; {@code from} and {@code to} on hours. */
    public Map<ScanDimension, Map<String, Long>> breakdowns(Codes codes, Instant from, Instant to) {
        Map<ScanDimension, Map<String, Long>> result = new EnumMap<>(ScanDimension.class);
        for (ScanDimension dimension : ScanDimension.values()) {
            result.put(dimension, new HashMap<>());
        }
        Instant firstDay = from.truncatedTo(ChronoUnit.DAYS);
        if (firstDay.isBefore(from)) {
            firstDay = firstDay.plus(1, ChronoUnit.DAYS);
        }
        Instant endDay = to.truncatedTo(ChronoUnit.DAYS);
        try (Connection connection = dataSource.getConnection()) {
            if (firstDay.isBefore(endDay)) {
                try (PreparedStatement daily = connection.prepareStatement(codes.where(BREAKDOWNS_DAILY))) {
                    daily.setString(1, codes.parameter());
                    daily.setObject(2, LocalDate.ofInstant(firstDay, ZoneOffset.UTC));
                    daily.setObject(3, LocalDate.ofInstant(endDay, ZoneOffset.UTC));
                    collect(daily, result);
                }
            } else {
                // No whole UTC day inside: the hourly table covers everything, as one stretch.
                firstDay = to;
                endDay = to;
            }
            try (PreparedStatement hourly = connection.prepareStatement(codes.where(BREAKDOWNS_HOURLY))) {
                hourly.setString(1, codes.parameter());
                hourly.setObject(2, utc(from));
                hourly.setObject(3, utc(firstDay));
                hourly.setObject(4, utc(endDay));
                hourly.setObject(5, utc(to));
                collect(hourly, result);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not read scan rollups: " + e.getMessage(), e);
        }
        return result;
    }

    private static void collect(PreparedStatement query, Map<ScanDimension, Map<String, Long>> into)
            throws SQLException {
        try (ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                Breakdown breakdown = Breakdown.parse(rows.getString(1));
                for (ScanDimension dimension : ScanDimension.values()) {
                    breakdown.of(dimension.stored()).forEach((value, scans) ->
                            into.get(dimension).merge(value, scans, Long::sum));
                }
            }
        }
    }

    private static OffsetDateTime utc(Instant at) {
        return OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
    }
}
