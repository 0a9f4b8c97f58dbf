package dev.qrforge.analytics;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.dynamic.DynamicCodes;
import dev.qrforge.qr.QrCodes;
import dev.qrforge.scan.RollupReader;
import dev.qrforge.scan.ScanDimension;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Scan analytics of one dynamic code, from the rollups the scan flush maintains ({@link RollupReader}), never from
 * raw events: hours gathered into the range's buckets, breakdowns sorted into the response's lists.
 */
@ApplicationScoped
public class Analytics {

    @Inject
    DynamicCodes dynamicCodes;

    @Inject
    QrCodes qrCodes;

    @Inject
    RollupReader rollups;

    /**
     * The dynamic code a client means by {@code id}: its own id or its QR record's. A static code's id is
     * NOT_TRACKABLE; anything else, another workspace's ids included, is NOT_FOUND.
     */
    public String trackedCode(String workspaceId, String id) {
        return dynamicCodes.idFor(workspaceId, id).orElseThrow(() -> {
            qrCodes.view(workspaceId, id);
            return new ApiException(ErrorCode.NOT_TRACKABLE, null, "QR code " + id + " is static: it carries its"
                    + " data itself, so scans never pass through the service and cannot be counted; use a dynamic"
                    + " code (POST /api/v1/dynamic) to track scans");
        });
    }

    public AnalyticsView of(String id, String codeId, AnalyticsRange range) {
        long[][] buckets = new long[range.bucketStarts().size()][2];
        long[] totals = new long[3];
        rollups.hours(codeId, range.from(), range.to(), hour -> {
            long[] bucket = buckets[range.bucketOf(hour.start())];
            bucket[0] += hour.scans();
            bucket[1] += hour.uniqueScans();
            totals[0] += hour.scans();
            totals[1] += hour.uniqueScans();
            totals[2] += hour.botScans();
        });
        Map<ScanDimension, Map<String, Long>> dimensions = rollups.breakdowns(codeId, range.from(), range.to());
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
}
