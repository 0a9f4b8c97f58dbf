/**
 * Counting and keeping scans: the in-memory {@code ScanBuffer} the redirect path appends to, the EJB timer that
 * flushes it, the scan tables (events, visitors, hourly and daily rollups, the {@code Route} each scan took) written,
 * read and erased only here, retention, and the buffer's health. Uses {@code client} for what a scan carries; knows
 * nothing of codes beyond their ids and the {@code dynamic_code} columns the scan tables hang off.
 */
package dev.qrforge.scan;
