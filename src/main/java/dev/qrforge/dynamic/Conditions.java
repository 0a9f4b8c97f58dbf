package dev.qrforge.dynamic;

import java.time.Instant;
import java.util.Set;

/**
 * Everything a scan must satisfy for a rule to apply. An empty set or a null value places no condition on its
 * dimension; a non-empty set is satisfied by any one of its values.
 *
 * @param os             canonical operating-system names
 * @param device         canonical device classes
 * @param browser        canonical browser names
 * @param country        ISO 3166-1 alpha-2 codes, upper case
 * @param language       ISO 639-1 codes, lower case
 * @param schedule       days and times in a zone, or null
 * @param startAt        first instant it applies (inclusive), or null
 * @param endAt          instant it stops applying (exclusive), or null
 * @param scanCountBelow applies while the code has counted fewer scans than this, or null
 */
public record Conditions(Set<String> os, Set<String> device, Set<String> browser, Set<String> country,
        Set<String> language, Schedule schedule, Instant startAt, Instant endAt, Long scanCountBelow) {

    /** No conditions: matches every scan. */
    public static final Conditions ANY =
            new Conditions(Set.of(), Set.of(), Set.of(), Set.of(), Set.of(), null, null, null, null);

    public boolean matches(RoutingFacts scan) {
        return among(os, scan.os()) && among(device, scan.device()) && among(browser, scan.browser())
                && among(country, scan.country()) && among(language, scan.language())
                && (schedule == null || schedule.matches(scan.at()))
                && (startAt == null || !scan.at().isBefore(startAt))
                && (endAt == null || scan.at().isBefore(endAt))
                && (scanCountBelow == null || scan.scanCountBefore() < scanCountBelow);
    }

    private static boolean among(Set<String> allowed, String value) {
        return allowed.isEmpty() || (value != null && allowed.contains(value));
    }
}
