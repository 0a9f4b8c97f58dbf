package dev.qrforge.scan;

import dev.qrforge.client.ClientFacts;
import java.util.function.Function;

/**
 * The breakdowns analytics reports, and where each scan's value for it comes from. The names are stored in the
 * rollup tables, so they are part of the schema.
 */
public enum ScanDimension {
    COUNTRY("country", facts(ClientFacts::country)),
    /** {@code country|city}, so that Paris, FR and Paris, US stay apart. */
    CITY("city", facts(facts -> facts.city() == null ? null
            : facts.country() + ScanDimension.CITY_SEPARATOR + facts.city())),
    OS("os", facts(ClientFacts::os)),
    DEVICE("device", facts(ClientFacts::device)),
    BROWSER("browser", facts(ClientFacts::browser)),
    LANGUAGE("language", facts(ClientFacts::language)),
    REFERRER("referrer", facts(ClientFacts::referrerHost)),
    /** Scans by the way they were sent ({@link Route#key}): a split test's arms side by side. */
    ROUTE("route", ScanDimension::routeKey),
    /** As {@link #ROUTE}, counting each visitor's first scan of the day only. */
    ROUTE_UNIQUE("route_unique", ScanDimension::routeKey);

    public static final String CITY_SEPARATOR = "|";
    /** The widest value the rollup tables keep. */
    static final int MAX_VALUE_LENGTH = 255;

    private final String stored;
    private final Function<ScanEvent, String> value;

    ScanDimension(String stored, Function<ScanEvent, String> value) {
        this.stored = stored;
        this.value = value;
    }

    private static Function<ScanEvent, String> facts(Function<ClientFacts, String> value) {
        return event -> value.apply(event.facts());
    }

    private static String routeKey(ScanEvent event) {
        return event.route() == null ? null : event.route().key();
    }

    /** Whether a scan counts in this dimension: {@link #ROUTE_UNIQUE} takes first scans of the day only. */
    boolean counts(boolean unique) {
        return this != ROUTE_UNIQUE || unique;
    }

    public String stored() {
        return stored;
    }

    /**
     * This scan's value, or null when unknown (unknown values are not broken down). Routes are never cut short: they
     * are few per code (its rules' destinations), and a cut one would no longer parse.
     */
    String valueOf(ScanEvent event) {
        String v = value.apply(event);
        boolean route = this == ROUTE || this == ROUTE_UNIQUE;
        return v == null || route || v.length() <= MAX_VALUE_LENGTH ? v : v.substring(0, MAX_VALUE_LENGTH);
    }
}
