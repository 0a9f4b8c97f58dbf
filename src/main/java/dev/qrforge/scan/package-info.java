/**
 * Counting and keeping scans: the in-memory {@code ScanBuffer} the redirect path appends to, the EJB timer that
 * flushes it, the scan tables (events, visitors, hourly and daily rollups) written and read only here, retention,
 * and the buffer's health. Uses {@code client} for what a scan carries; knows nothing of codes beyond their ids.
 */
package dev.qrforge.scan;
