package dev.qrforge.analytics;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.dynamic.DynamicCodes;
import dev.qrforge.qr.QrCodes;
import dev.qrforge.scan.Breakdown;
import dev.qrforge.scan.ScanDimension;
import jakarta.annotation.Resource;
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
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import javax.sql.DataSource;

/**
 * Scan analytics of one dynamic code, read from the rollups the scan flush maintains, never from raw events:
 * totals and the timeline from the hourly table, breakdowns from the daily table's packed breakdowns for the whole
 * UTC days of the range and from the hourly ones for its partial days at either end.
 */
@ApplicationScoped
public class Analytics {

    private static final String HOURLY = "select hour_start, scans, unique_scans, bot_scans from scan_hourly"
            + " where dynamic_code_id = ? and hour_start >= ? and hour_start < ?";
    private static final String BREAKDOWNS_DAILY = "select breakdown from scan_daily"
            + " where dynamic_code_id = ? and scan_day >= ? and scan_day < ?";
    private static final String BREAKDOWNS_HOURLY = "select breakdown from scan_hourly where dynamic_code_id = ?"
            + " and ((hour_start >= ? and hour_start < ?) or (hour_start >= ? and hour_start < ?))";

    @Inject
    DynamicCodes dynamicCodes;

    @Inject
    QrCodes qrCodes;

    @Resource
    DataSource dataSource;

    /**
     * The dynamic code a client means by {@code id}: its own id or its QR record's. A static code's id is
     * NOT_TRACKABLE; anything else, another workspace's ids included, is NOT_FOUND.
     */
    public String trackedCode(String workspaceId, String id) {
        return dynamicCodes.idFor(workspaceId, id).orElseThrow(() -> {
            qrCodes.find(workspaceId, id);
            return new ApiException(ErrorCode.NOT_TRACKABLE, null, "QR code " + id + " is static: it carries its"
                    + " data itself, so scans never pass through the service and cannot be counted; use a dynamic"
                    + " code (POST /api/v1/dynamic) to track scans");
        });
    }

    public AnalyticsView of(String id, String codeId, AnalyticsRange range) {
        try (Connection connection = dataSource.getConnection()) {
            long[][] buckets = new long[range.bucketStarts().size()][2];
            long[] totals = new long[3];
            try (PreparedStatement hourly = connection.prepareStatement(HOURLY)) {
                hourly.setString(1, codeId);
                hourly.setObject(2, utc(range.from()));
                hourly.setObject(3, utc(range.to()));
                try (ResultSet rows = hourly.executeQuery()) {
                    while (rows.next()) {
                        Instant hour = rows.getObject(1, OffsetDateTime.class).toInstant();
                        long[] bucket = buckets[range.bucketOf(hour)];
                        bucket[0] += rows.getLong(2);
                        bucket[1] += rows.getLong(3);
                        totals[0] += rows.getLong(2);
                        totals[1] += rows.getLong(3);
                        totals[2] += rows.getLong(4);
                    }
                }
            }
            Map<ScanDimension, Map<String, Long>> dimensions = dimensions(connection, codeId, range);
            List<AnalyticsView.Bucket> timeline = new ArrayList<>(buckets.length);
            for (int i = 0; i < buckets.length; i++) {
                timeline.add(new AnalyticsView.Bucket(range.bucketStarts().get(i).toOffsetDateTime(), buckets[i][0],
                        buckets[i][1]));
            }
            return new AnalyticsView(id, range.from(), range.to(), range.granularity().wireName(),
                    range.zone().getId(), totals[0], totals[1], totals[2], timeline,
                    sorted(dimensions.get(ScanDimension.COUNTRY), AnalyticsView.Country::new),
                    sorted(dimensions.get(ScanDimension.CITY), Analytics::city),
                    named(dimensions.get(ScanDimension.OS)), named(dimensions.get(ScanDimension.DEVICE)),
                    named(dimensions.get(ScanDimension.BROWSER)), named(dimensions.get(ScanDimension.LANGUAGE)),
                    named(dimensions.get(ScanDimension.REFERRER)));
        } catch (SQLException e) {
            throw new IllegalStateException("could not read analytics: " + e.getMessage(), e);
        }
    }

    private static Map<ScanDimension, Map<String, Long>> dimensions(Connection connection, String codeId,
            AnalyticsRange range) throws SQLException {
        Map<ScanDimension, Map<String, Long>> result = new EnumMap<>(ScanDimension.class);
        for (ScanDimension dimension : ScanDimension.values()) {
            result.put(dimension, new HashMap<>());
        }
        Instant firstDay = range.from().truncatedTo(ChronoUnit.DAYS);
        if (firstDay.isBefore(range.from())) {
            firstDay = firstDay.plus(1, ChronoUnit.DAYS);
        }
        Instant endDay = range.to().truncatedTo(ChronoUnit.DAYS);
        if (firstDay.isBefore(endDay)) {
            try (PreparedStatement daily = connection.prepareStatement(BREAKDOWNS_DAILY)) {
                daily.setString(1, codeId);
                daily.setObject(2, LocalDate.ofInstant(firstDay, ZoneOffset.UTC));
                daily.setObject(3, LocalDate.ofInstant(endDay, ZoneOffset.UTC));
                collect(daily, result);
            }
        } else {
            // No whole UTC day inside: the hourly table covers everything, as one stretch.
            firstDay = range.to();
            endDay = range.to();
        }
        try (PreparedStatement hourly = connection.prepareStatement(BREAKDOWNS_HOURLY)) {
            hourly.setString(1, codeId);
            hourly.setObject(2, utc(range.from()));
            hourly.setObject(3, utc(firstDay));
            hourly.setObject(4, utc(endDay));
            hourly.setObject(5, utc(range.to()));
            collect(hourly, result);
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

    private static AnalyticsView.City city(String stored, long scans) {
        int separator = stored.indexOf(ScanDimension.CITY_SEPARATOR);
        if (separator < 0) {
            // Breakdown.OTHER: the cities beyond a bucket's cap, of no one country.
            return new AnalyticsView.City(stored, null, scans);
        }
        return new AnalyticsView.City(stored.substring(separator + 1), stored.substring(0, separator), scans);
    }

    private static List<AnalyticsView.Named> named(Map<String, Long> values) {
        return sorted(values, AnalyticsView.Named::new);
    }

    /** Most scans first; ties by value, so the order is stable. */
    private static <T> List<T> sorted(Map<String, Long> values, BiFunction<String, Long, T> row) {
        return values.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .map(e -> row.apply(e.getKey(), e.getValue()))
                .toList();
    }

    private static OffsetDateTime utc(Instant at) {
        return OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
    }
}
