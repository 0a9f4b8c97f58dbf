package dev.qrforge.analytics;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.campaign.Campaigns;
import dev.qrforge.dynamic.DynamicCodes;
import dev.qrforge.qr.QrCodes;
import dev.qrforge.scan.Breakdown;
import dev.qrforge.scan.RollupReader;
import dev.qrforge.scan.Route;
import dev.qrforge.scan.ScanDimension;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.eclipse.microprofile.config.inject.ConfigProperty;

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

    @Inject
    Campaigns campaigns;

    /** How many codes a workspace's analytics lists among its most scanned. */
    @Inject
    @ConfigProperty(name = "qrforge.analytics.top-codes", defaultValue = "10")
    int topCodes;

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

    /** One code's analytics; {@code id} is how the client named it. */
    public AnalyticsView of(String id, String codeId, AnalyticsRange range) {
        return view(id, RollupReader.Codes.one(codeId), range, false, null);
    }

    /** The analytics of every code the workspace has had, with its most scanned codes. */
    public AnalyticsView ofWorkspace(String workspaceId, AnalyticsRange range) {
        return withTop(workspaceId, null, RollupReader.Codes.ofWorkspace(workspaceId), range);
    }

    /**
     * The analytics of the codes in the workspace's campaign now, with their whole history (a code moved in brings
     * its scans, one moved out takes them), and its most scanned codes; another workspace's campaign is NOT_FOUND.
     */
    public AnalyticsView ofCampaign(String workspaceId, String campaignId, AnalyticsRange range) {
        campaigns.get(workspaceId, campaignId);
        return withTop(workspaceId, campaignId,
                RollupReader.Codes.among(dynamicCodes.inCampaign(workspaceId, campaignId)), range);
    }

    private AnalyticsView withTop(String workspaceId, String id, RollupReader.Codes codes, AnalyticsRange range) {
        List<RollupReader.CodeTotals> top = rollups.top(codes, range.from(), range.to(), topCodes);
        Map<String, DynamicCodes.Summary> summaries = dynamicCodes.summaries(workspaceId,
                top.stream().map(RollupReader.CodeTotals::codeId).toList());
        List<AnalyticsView.TopCode> topList = top.stream().map(code -> {
            DynamicCodes.Summary summary = summaries.get(code.codeId());
            return new AnalyticsView.TopCode(code.codeId(), summary.shortCode(), summary.title(), summary.deleted(),
                    code.scans(), code.uniqueScans());
        }).toList();
        return view(id, codes, range, true, topList);
    }

    private AnalyticsView view(String id, RollupReader.Codes codes, AnalyticsRange range, boolean byUrlOnly,
            List<AnalyticsView.TopCode> top) {
        long[][] buckets = new long[range.bucketStarts().size()][2];
        long[] totals = new long[3];
        rollups.hours(codes, range.from(), range.to(), hour -> {
            long[] bucket = buckets[range.bucketOf(hour.start())];
            bucket[0] += hour.scans();
            bucket[1] += hour.uniqueScans();
            totals[0] += hour.scans();
            totals[1] += hour.uniqueScans();
            totals[2] += hour.botScans();
        });
        Map<ScanDimension, Map<String, Long>> dimensions = rollups.breakdowns(codes, range.from(), range.to());
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
                named(dimensions.get(ScanDimension.REFERRER)),
                destinations(dimensions.get(ScanDimension.ROUTE), dimensions.get(ScanDimension.ROUTE_UNIQUE),
                        byUrlOnly),
                top);
    }

    /**
     * The route breakdowns as rows: per route, or per destination URL when routes of different codes (whose rule
     * indices mean different rules) are added up.
     */
    private static List<AnalyticsView.Destination> destinations(Map<String, Long> scans, Map<String, Long> unique,
            boolean byUrlOnly) {
        Map<Route, long[]> rows = new HashMap<>();
        scans.forEach((key, n) -> row(rows, key, byUrlOnly)[0] += n);
        unique.forEach((key, n) -> row(rows, key, byUrlOnly)[1] += n);
        return rows.entrySet().stream()
                .map(e -> new AnalyticsView.Destination(e.getKey().via(), e.getKey().rule(), e.getKey().ruleName(),
                        e.getKey().arm(), e.getKey().destinationUrl(), e.getValue()[0], e.getValue()[1]))
                .sorted(Comparator.comparingLong(AnalyticsView.Destination::scans).reversed()
                        .thenComparing(d -> d.via() + " " + d.rule() + " " + d.arm() + " " + d.destinationUrl()))
                .toList();
    }

    private static long[] row(Map<Route, long[]> rows, String key, boolean byUrlOnly) {
        // Past a bucket's cap on distinct values, the rest were counted together: one row says so.
        Route route = key.equals(Breakdown.OTHER) ? new Route(Breakdown.OTHER, null, null, null, null)
                : Route.fromKey(key);
        if (byUrlOnly) {
            route = new Route(null, null, null, null, route.destinationUrl());
        }
        return rows.computeIfAbsent(route, r -> new long[2]);
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
