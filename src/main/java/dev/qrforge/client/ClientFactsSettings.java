package dev.qrforge.client;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How to read a scanner's address and place.
 *
 * @param trustedProxies CIDR blocks of the proxies in front of the service, e.g. {@code 10.0.0.0/8} and
 *                       {@code ::1/128}; only requests from them have {@code X-Forwarded-For} and country
 *                       headers believed
 * @param countryHeaders headers a trusted proxy puts the client's country in, first present wins
 * @param geoIpDatabase  a MaxMind GeoIP2/GeoLite2 Country or City database, for when no header says
 */
public record ClientFactsSettings(List<String> trustedProxies, List<String> countryHeaders,
        Optional<Path> geoIpDatabase) {

    /** Cloudflare's, CloudFront's (when configured to forward it) and the usual name for one's own. */
    public static final List<String> DEFAULT_COUNTRY_HEADERS =
            List.of("CF-IPCountry", "CloudFront-Viewer-Country", "X-Country-Code");

    public ClientFactsSettings {
        trustedProxies = List.copyOf(trustedProxies);
        countryHeaders = List.copyOf(countryHeaders);
        Objects.requireNonNull(geoIpDatabase, "geoIpDatabase");
    }
}
