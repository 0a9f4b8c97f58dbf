package dev.qrforge.client;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The names the API uses for a scanner's platform and place. Routing rules are written in them and
 * {@link ClientFacts} reports them, so one list serves both; a platform outside these lists is reported as the
 * user-agent library names it and can never be the target of a rule.
 */
public final class ClientNames {

    public static final List<String> OPERATING_SYSTEMS =
            List.of("iOS", "Android", "Windows", "macOS", "Linux", "ChromeOS");
    public static final List<String> DEVICES = List.of("mobile", "tablet", "desktop");
    public static final List<String> BROWSERS =
            List.of("Chrome", "Safari", "Firefox", "Edge", "Samsung Internet", "Opera");
    /** ISO 3166-1 alpha-2, upper case: "XX" (unknown) and "T1" (Tor) from CDNs are not countries. */
    public static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());
    /** ISO 639-1, lower case. */
    public static final Set<String> LANGUAGES = Set.of(Locale.getISOLanguages());

    private ClientNames() {
    }
}
