/**
 * Scan analytics of a dynamic code ({@code GET /api/v1/qr/{id}/analytics}): ranges, time zones and granularities over
 * the rollups {@code scan} keeps; and the raw scan export ({@code /scans}, CSV or NDJSON).
 */
package dev.qrforge.analytics;
