package dev.qrforge.analytics;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * The response of {@code GET /api/v1/qr/{id}/analytics}, of {@code GET /api/v1/analytics} for a whole workspace
 * (no {@code id}, with {@code topCodes}) and of {@code GET /api/v1/campaigns/{id}/analytics} for a campaign's codes
 * (its {@code id}, with {@code topCodes}). Every list is sorted by scans, most first.
 */
public record AnalyticsView(String id, Instant from, Instant to, String granularity, String timezone, long totalScans,
        long uniqueScans, long botScans, List<Bucket> timeline, List<Country> geo, List<City> cities, List<Named> os,
        List<Named> devices, List<Named> browsers, List<Named> languages, List<Named> referrers,
        List<Destination> byDestination, List<TopCode> topCodes) {

    /**
     * People's scans sent one way: by a rule (its index and name when scanned, and the split's arm drawn, if any), by
     * default, or to the expired URL. In a workspace's or a campaign's view, rows are per destination URL only.
     *
     * @param via "rule", "default" or "expired"
     */
    public record Destination(String via, Integer rule, String ruleName, Integer arm, String destinationUrl,
            long scans, long uniqueScans) {
    }

    /**
     * One of a workspace's (or campaign's) most scanned codes; {@code deleted} codes stay in its history until erased.
     */
    public record TopCode(String id, String shortCode, String title, boolean deleted, long scans, long uniqueScans) {
    }

    /** One timeline bucket; {@code start} is local to the requested time zone. */
    public record Bucket(OffsetDateTime start, long scans, long uniqueScans) {
    }

    public record Country(String country, long scans) {
    }

    public record City(String city, String country, long scans) {
    }

    public record Named(String name, long scans) {
    }
}
