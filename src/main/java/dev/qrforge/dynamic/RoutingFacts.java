package dev.qrforge.dynamic;

import java.time.Instant;
import java.util.Objects;

/**
 * What a rule can know about one scan. A null string means the dimension is unknown for this scan, and an
 * unknown value never satisfies a condition on that dimension.
 *
 * @param os              one of {@link dev.qrforge.client.ClientNames#OPERATING_SYSTEMS}, another name, or null
 * @param device          one of {@link dev.qrforge.client.ClientNames#DEVICES}, another name, or null
 * @param browser         one of {@link dev.qrforge.client.ClientNames#BROWSERS}, another name, or null
 * @param country         ISO 3166-1 alpha-2, upper case, or null
 * @param language        ISO 639-1, lower case, or null
 * @param at              when the scan happened
 * @param scanCountBefore the code's counted scans before this one
 */
public record RoutingFacts(String os, String device, String browser, String country, String language, Instant at,
        long scanCountBefore) {

    public RoutingFacts {
        Objects.requireNonNull(at, "at");
        if (scanCountBefore < 0) {
            throw new IllegalArgumentException("scanCountBefore must not be negative: " + scanCountBefore);
        }
    }
}
