package dev.qrforge.scan;

import dev.qrforge.client.ClientFacts;
import java.util.function.Function;

/**
 * The breakdowns analytics reports, and where each scan's value for it comes from. The names are stored in the
 * rollup tables, so they are part of the schema.
 */
public enum ScanDimension {
    COUNTRY("country", ClientFacts::country),
    /** {@code country|city}, so that Paris, FR and Paris, US stay apart. */
    CITY("city", facts -> facts.city() == null ? null : facts.country() + ScanDimension.CITY_SEPARATOR + facts.city()),
    OS("os", ClientFacts::os),
    DEVICE("device", ClientFacts::device),
    BROWSER("browser", ClientFacts::browser),
    LANGUAGE("language", ClientFacts::language),
    REFERRER("referrer", ClientFacts::referrerHost);

    public static final String CITY_SEPARATOR = "|";
    /** The widest value the rollup tables keep. */
    static final int MAX_VALUE_LENGTH = 255;

    private final String stored;
    private final Function<ClientFacts, String> value;

    ScanDimension(String stored, Function<ClientFacts, String> value) {
        this.stored = stored;
        this.value = value;
    }

    public String stored() {
        return stored;
    }

    /** This scan's value, or null when unknown (unknown values are not broken down). */
    String valueOf(ClientFacts facts) {
        String v = value.apply(facts);
        return v == null || v.length() <= MAX_VALUE_LENGTH ? v : v.substring(0, MAX_VALUE_LENGTH);
    }
}
