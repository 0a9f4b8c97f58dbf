package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.UserAgents;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Real-world scanners against a dynamic code, then the analytics the flush rolled up for it. The tests' server
 * trusts loopback as a proxy (so CF-IPCountry and X-Forwarded-For count) and reads MaxMind's GeoIP test database.
 */
class AnalyticsIT extends ServerTest {

    /** Scanned once for the whole class: JUnit makes a new instance per test. */
    private static String id;
    private static String qrId;

    @BeforeEach
    void scanOnce() {
        if (id != null) {
            return;
        }
        JsonNode code = DynamicCodesIT.create(Map.of("destinationUrl", "https://example.com/analytics"));
        id = code.path("id").asText();
        qrId = code.path("qr").path("id").asText();
        String url = code.path("shortUrl").asText();
        List<String[]> scans = List.of(
                new String[] {"User-Agent", UserAgents.IPHONE, "X-Forwarded-For", "81.2.69.142", "Accept-Language", "en-GB,en;q=0.8",
                    "Referer", "https://www.instagram.com/p/x"},
                new String[] {"User-Agent", UserAgents.IPHONE, "X-Forwarded-For", "81.2.69.142", "Accept-Language", "en-GB"},
                new String[] {"User-Agent", UserAgents.IPAD, "X-Forwarded-For", "89.160.20.130", "Accept-Language", "sv-SE"},
                new String[] {"User-Agent", UserAgents.ANDROID_CHROME, "CF-IPCountry", "DE", "Accept-Language", "de-DE"},
                new String[] {"User-Agent", UserAgents.SAMSUNG, "CF-IPCountry", "DE", "Accept-Language", "de"},
                new String[] {"User-Agent", UserAgents.EDGE, "CF-IPCountry", "FR", "Accept-Language", "fr-FR"},
                new String[] {"User-Agent", UserAgents.FIREFOX_WINDOWS, "CF-IPCountry", "FR", "Accept-Language", "fr"},
                new String[] {"User-Agent", UserAgents.FIREFOX_LINUX, "CF-IPCountry", "US", "Accept-Language", "en-US"},
                new String[] {"User-Agent", UserAgents.SAFARI_MAC, "X-Forwarded-For", "216.160.83.56", "Accept-Language", "en-US"},
                new String[] {"User-Agent", UserAgents.OPERA, "CF-IPCountry", "PL", "Accept-Language", "pl"},
                new String[] {"User-Agent", UserAgents.GOOGLEBOT, "CF-IPCountry", "US"});
        for (String[] headers : scans) {
            DynamicCodesIT.location(DynamicCodesIT.scan(url, headers));
        }
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (analytics("").path("totalScans").asLong() + analytics("").path("botScans").asLong() < scans.size()) {
            assertThat(Instant.now()).as("scans flushed within a minute").isBefore(deadline);
            Api.pauseBeforePolling();
        }
    }

    private JsonNode analytics(String query) {
        Api.Reply reply = Api.get("/api/v1/qr/" + id + "/analytics" + query);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json();
    }

    private static Map<String, Long> counts(JsonNode list, String key) {
        Map<String, Long> counts = new HashMap<>();
        list.forEach(row -> counts.put(row.path(key).asText(), row.path("scans").asLong()));
        return counts;
    }

    @Test
    void breakdownsAreExact() {
        JsonNode a = analytics("");
        assertThat(a.path("totalScans").asLong()).isEqualTo(10);
        assertThat(a.path("uniqueScans").asLong()).as("the second iPhone scan is the same visitor").isEqualTo(9);
        assertThat(a.path("botScans").asLong()).isEqualTo(1);
        assertThat(counts(a.path("os"), "name")).isEqualTo(
                Map.of("iOS", 3L, "Windows", 3L, "Android", 2L, "Linux", 1L, "macOS", 1L));
        assertThat(counts(a.path("devices"), "name")).isEqualTo(Map.of("desktop", 5L, "mobile", 4L, "tablet", 1L));
        assertThat(counts(a.path("browsers"), "name")).isEqualTo(Map.of("Safari", 4L, "Firefox", 2L, "Chrome", 1L,
                "Samsung Internet", 1L, "Edge", 1L, "Opera", 1L));
        assertThat(counts(a.path("geo"), "country")).isEqualTo(
                Map.of("GB", 2L, "DE", 2L, "FR", 2L, "US", 2L, "SE", 1L, "PL", 1L));
        assertThat(counts(a.path("cities"), "city")).isEqualTo(Map.of("London", 2L, "Linköping", 1L, "Milton", 1L));
        assertThat(counts(a.path("languages"), "name")).isEqualTo(
                Map.of("en", 4L, "de", 2L, "fr", 2L, "sv", 1L, "pl", 1L));
        assertThat(counts(a.path("referrers"), "name")).isEqualTo(Map.of("www.instagram.com", 1L));
        assertThat(a.path("os").get(0).path("scans").asLong()).isEqualTo(3);
        assertThat(a.path("geo").get(a.path("geo").size() - 1).path("scans").asLong()).isEqualTo(1);
    }

    @Test
    void timelineCoversTheRangeWithZerosAndSumsToTheTotals() {
        JsonNode a = analytics("?granularity=hour&from=" + Instant.now().minus(5, ChronoUnit.HOURS));
        JsonNode timeline = a.path("timeline");
        assertThat(timeline.size()).isBetween(6, 7);
        long scans = StreamSupport.stream(timeline.spliterator(), false).mapToLong(b -> b.path("scans").asLong()).sum();
        long uniques = StreamSupport.stream(timeline.spliterator(), false)
                .mapToLong(b -> b.path("uniqueScans").asLong()).sum();
        assertThat(scans).isEqualTo(a.path("totalScans").asLong()).isEqualTo(10);
        assertThat(uniques).isEqualTo(a.path("uniqueScans").asLong());
        assertThat(StreamSupport.stream(timeline.spliterator(), false).filter(b -> b.path("scans").asLong() == 0))
                .isNotEmpty();
    }

    @Test
    void timeZonesShiftTheBuckets() {
        JsonNode tokyo = analytics("?granularity=day&timezone=Asia/Tokyo");
        assertThat(tokyo.path("timezone").asText()).isEqualTo("Asia/Tokyo");
        OffsetDateTime today = Instant.now().atZone(ZoneId.of("Asia/Tokyo")).toLocalDate().atStartOfDay(
                ZoneId.of("Asia/Tokyo")).toOffsetDateTime();
        JsonNode last = tokyo.path("timeline").get(tokyo.path("timeline").size() - 1);
        assertThat(OffsetDateTime.parse(last.path("start").asText())).isEqualTo(today);
        assertThat(last.path("scans").asLong()).isEqualTo(10);

        JsonNode honolulu = analytics("?granularity=day&timezone=Pacific/Honolulu");
        JsonNode lastThere = honolulu.path("timeline").get(honolulu.path("timeline").size() - 1);
        OffsetDateTime start = OffsetDateTime.parse(lastThere.path("start").asText());
        assertThat(start.getOffset()).isEqualTo(ZoneOffset.ofHours(-10));
        assertThat(start.toLocalTime()).isEqualTo(LocalTime.MIDNIGHT);
        assertThat(lastThere.path("scans").asLong()).isEqualTo(10);
    }

    @Test
    void anEmptyRangeIsZerosNotAnError() {
        JsonNode a = analytics("?from=2020-01-01T00:00:00Z&to=2020-01-08T00:00:00Z");
        assertThat(a.path("granularity").asText()).isEqualTo("day");
        assertThat(a.path("totalScans").asLong()).isZero();
        assertThat(a.path("timeline")).hasSize(7);
        assertThat(OffsetDateTime.parse(a.path("timeline").get(0).path("start").asText()))
                .isEqualTo(OffsetDateTime.parse("2020-01-01T00:00:00Z"));
        assertThat(a.path("geo")).isEmpty();
    }

    @Test
    void theQrRecordsIdWorksTooAndStaticCodesAreNotTrackable() {
        assertThat(Api.get("/api/v1/qr/" + qrId + "/analytics").json().path("totalScans").asLong()).isEqualTo(10);

        String staticId = Api.post("/api/v1/qr", Api.json(Map.of("data", "https://example.com/static"))).json()
                .path("id").asText();
        Api.Reply reply = Api.get("/api/v1/qr/" + staticId + "/analytics");
        assertThat(reply.status()).isEqualTo(409);
        assertThat(reply.json().path("error").path("code").asText()).isEqualTo("NOT_TRACKABLE");
        assertThat(Api.get("/api/v1/qr/qr_unknown00000000000/analytics").status()).isEqualTo(404);
        assertThat(Api.send(Api.requestAs(Api.OTHER_KEY, "/api/v1/qr/" + id + "/analytics").GET()).status())
                .isEqualTo(404);
        assertThat(Api.send(Api.requestAs(Api.OTHER_KEY, "/api/v1/qr/" + id + "/scans").GET()).status())
                .isEqualTo(404);
    }

    @Test
    void badParametersAreNamed() {
        Map<String, String> cases = Map.of("?from=yesterday", "from", "?to=2020-13-01T00:00:00Z", "to",
                "?granularity=minute", "granularity", "?timezone=Mars/Olympus", "timezone",
                "?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z", "from",
                "?granularity=hour&from=2000-01-01T00:00:00Z", "granularity");
        cases.forEach((query, field) -> {
            Api.Reply reply = Api.get("/api/v1/qr/" + id + "/analytics" + query);
            assertThat(reply.status()).as(query).isEqualTo(400);
            assertThat(reply.json().path("error").path("field").asText()).as(query).isEqualTo(field);
        });
    }

    @Test
    void rawScansExportAsCsvAndNdjson() {
        Api.Reply csv = Api.get("/api/v1/qr/" + id + "/scans");
        assertThat(csv.status()).as(csv.toString()).isEqualTo(200);
        assertThat(csv.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/csv"));
        String[] lines = csv.text().split("\n");
        assertThat(lines[0]).isEqualTo("scannedAt,bot,unique,os,osVersion,device,browser,browserVersion,country,region,"
                + "city,language,referrer,rule,arm,destination");
        assertThat(lines).hasSize(12);
        assertThat(csv.text()).contains(",true,false,").doesNotContain("81.2.69.142");

        Api.Reply ndjson = Api.get("/api/v1/qr/" + id + "/scans?format=ndjson");
        assertThat(ndjson.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/x-ndjson"));
        String[] rows = ndjson.text().split("\n");
        assertThat(rows).hasSize(11);
        assertThat(rows[0]).contains("\"os\":\"iOS\"").contains("\"city\":\"London\"")
                .contains("\"destination\":\"https://example.com/analytics\"");
        assertThat(Api.get("/api/v1/qr/" + id + "/scans?format=xml").status()).isEqualTo(400);
    }
}
