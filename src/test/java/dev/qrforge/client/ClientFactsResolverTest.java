package dev.qrforge.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class ClientFactsResolverTest {

    private static final String IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)"
            + " AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
    private static final String PROXY = "10.0.0.5";
    private static final String LONDON = "81.2.69.142";
    private static final String SWEDEN = "89.160.20.128";

    private static final ClientFactsResolver WITH_CITIES = resolver(Optional.of(GeoIpTest.CITY));
    private static final ClientFactsResolver WITH_COUNTRIES = resolver(Optional.of(GeoIpTest.COUNTRY));
    private static final ClientFactsResolver WITHOUT_GEOIP = resolver(Optional.empty());

    private static ClientFactsResolver resolver(Optional<Path> database) {
        try {
            return new ClientFactsResolver(new ClientFactsSettings(List.of("10.0.0.0/8", "::1/128"),
                    ClientFactsSettings.DEFAULT_COUNTRY_HEADERS, database), SharedClassifier.INSTANCE);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @AfterAll
    static void close() throws IOException {
        WITH_CITIES.close();
        WITH_COUNTRIES.close();
        WITHOUT_GEOIP.close();
    }

    /** Header names are case-insensitive, as a servlet container treats them. */
    private static Map<String, String> headers(String... namesAndValues) {
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 0; i < namesAndValues.length; i += 2) {
            headers.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return headers;
    }

    private static ClientFacts resolve(ClientFactsResolver resolver, String peer, String... headers) {
        return resolver.resolve(peer, headers(headers)::get);
    }

    @Test
    void aPersonScanningDirectly() {
        ClientFacts facts = resolve(WITH_CITIES, LONDON, "User-Agent", IPHONE,
                "Accept-Language", "en-GB,en;q=0.9", "Referer", "https://L.Instagram.com/?u=x");
        assertThat(facts).isEqualTo(new ClientFacts("iOS", "17.4", "mobile", "Safari", "17.4", "GB", "England",
                "London", "en", "l.instagram.com", false, IpAddresses.parse(LONDON)));
    }

    @Test
    void forwardedForIsBelievedOnlyFromATrustedProxy() {
        assertThat(resolve(WITH_CITIES, PROXY, "X-Forwarded-For", "6.6.6.6, " + SWEDEN).country())
                .isEqualTo("SE");
        assertThat(resolve(WITH_CITIES, "::1", "X-Forwarded-For", LONDON).city()).isEqualTo("London");
        // From anyone else it is whatever the client chose to write: the peer's own address counts.
        assertThat(resolve(WITH_CITIES, LONDON, "X-Forwarded-For", SWEDEN).country()).isEqualTo("GB");
        assertThat(resolve(WITH_CITIES, "192.0.2.1", "X-Forwarded-For", SWEDEN).country()).isNull();
    }

    @Test
    void countryHeaderIsBelievedOnlyFromATrustedProxyAndWinsOverTheDatabase() {
        assertThat(resolve(WITH_CITIES, PROXY, "X-Forwarded-For", LONDON, "CF-IPCountry", "DE"))
                .extracting(ClientFacts::country, ClientFacts::region, ClientFacts::city)
                .as("a place never straddles two countries").containsExactly("DE", null, null);
        assertThat(resolve(WITH_CITIES, PROXY, "X-Forwarded-For", LONDON, "CF-IPCountry", "GB"))
                .extracting(ClientFacts::country, ClientFacts::region, ClientFacts::city)
                .containsExactly("GB", "England", "London");
        assertThat(resolve(WITHOUT_GEOIP, PROXY, "CloudFront-Viewer-Country", "fr").country()).isEqualTo("FR");
        assertThat(resolve(WITHOUT_GEOIP, PROXY, "CF-IPCountry", "XX", "X-Country-Code", "AT").country())
                .as("XX is no country; the next header is read").isEqualTo("AT");
        assertThat(resolve(WITHOUT_GEOIP, PROXY, "CF-IPCountry", "T1").country()).isNull();
        assertThat(resolve(WITH_COUNTRIES, LONDON, "CF-IPCountry", "DE").country()).isEqualTo("GB");
        assertThat(resolve(WITHOUT_GEOIP, LONDON, "CF-IPCountry", "DE").country()).isNull();
    }

    @Test
    void countryHeadersAreConfigurableAndOrdered() throws IOException {
        try (ClientFactsResolver resolver = new ClientFactsResolver(new ClientFactsSettings(List.of("10.0.0.0/8"),
                List.of("X-Geo", " CF-IPCountry "), Optional.empty()), SharedClassifier.INSTANCE)) {
            assertThat(resolve(resolver, PROXY, "X-Geo", "PL", "CF-IPCountry", "DE").country()).isEqualTo("PL");
            assertThat(resolve(resolver, PROXY, "CF-IPCountry", "DE").country()).isEqualTo("DE");
            assertThat(resolve(resolver, PROXY, "X-Country-Code", "DE").country()).isNull();
        }
    }

    @Test
    void countryDatabaseGivesNoRegionOrCity() {
        assertThat(resolve(WITH_COUNTRIES, SWEDEN))
                .extracting(ClientFacts::country, ClientFacts::region, ClientFacts::city)
                .containsExactly("SE", null, null);
    }

    @Test
    void hostileOrMissingInputDegradesToNulls() {
        ClientFacts nothing = resolve(WITH_CITIES, null);
        assertThat(nothing).isEqualTo(new ClientFacts(null, null, "other", null, null, null, null, null, null, null,
                true, null));
        assertThat(resolve(WITH_CITIES, "not-an-ip", "User-Agent", IPHONE).country()).isNull();
        assertThat(resolve(WITH_CITIES, PROXY, "X-Forwarded-For", "evil.example").country()).isNull();
        assertThat(resolve(WITH_CITIES, PROXY, "X-Forwarded-For", "x".repeat(1_000_000)).country()).isNull();
        ClientFacts absurd = resolve(WITH_CITIES, LONDON, "User-Agent", "Mozilla/5.0 (" + "a;".repeat(500_000) + ")",
                "Accept-Language", "q=;".repeat(100_000), "Referer", "%".repeat(100_000));
        assertThat(absurd.bot()).isTrue();
        assertThat(absurd.language()).isNull();
        assertThat(absurd.referrerHost()).isNull();
        assertThat(absurd.country()).isEqualTo("GB");
    }

    @Test
    void repeatedForwardedForHeadersAreOneList() {
        Map<String, List<String>> headers = new HashMap<>(Map.of(
                "X-Forwarded-For", List.of("6.6.6.6, " + SWEDEN, "10.2.2.2"),
                "User-Agent", List.of(IPHONE)));
        ClientFacts facts = WITH_CITIES.resolve(PROXY, ClientFactsResolver.headers(
                name -> headers.getOrDefault(name, List.of()).stream().findFirst().orElse(null),
                name -> headers.getOrDefault(name, List.of())));
        assertThat(facts.country()).isEqualTo("SE");
        assertThat(facts.city()).isEqualTo("Linköping");
        assertThat(facts.os()).isEqualTo("iOS");
    }
}
