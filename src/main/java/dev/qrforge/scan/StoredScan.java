package dev.qrforge.scan;

import java.time.Instant;

/**
 * One scan as the export reads it back: no visitor key and no address ever leave the service.
 *
 * @param unique whether it was the visitor's first scan of the code that UTC day
 * @param referrer the referring page's host
 * @param rule the index of the rule that sent it (see {@link Route}), or null
 * @param arm the split's arm that was drawn, or null
 * @param destination where it was sent, or null
 */
public record StoredScan(Instant scannedAt, boolean bot, boolean unique, String os, String osVersion, String device,
        String browser, String browserVersion, String country, String region, String city, String language,
        String referrer, Integer rule, Integer arm, String destination) {
}
