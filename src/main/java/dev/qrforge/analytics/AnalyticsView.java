package dev.qrforge.analytics;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

/** The response of {@code GET /api/v1/qr/{id}/analytics}. Every list is sorted by scans, most first. */
public record AnalyticsView(String id, Instant from, Instant to, String granularity, String timezone, long totalScans,
        long uniqueScans, long botScans, List<Bucket> timeline, List<Country> geo, List<City> cities, List<Named> os,
        List<Named> devices, List<Named> browsers, List<Named> languages, List<Named> referrers) {

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
