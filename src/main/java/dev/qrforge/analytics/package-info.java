/**
 * Scan analytics of a dynamic code ({@code GET /api/v1/qr/{id}/analytics}) and of a whole workspace
 * ({@code /api/v1/analytics}, with its top codes): ranges, time zones and granularities over the rollups {@code scan}
 * keeps, split-test results by destination; the raw scan export ({@code /scans}, CSV or NDJSON); and the erasure of
 * a workspace's scans.
 */
package dev.qrforge.analytics;
