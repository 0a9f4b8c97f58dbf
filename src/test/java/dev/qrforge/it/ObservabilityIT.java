package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.UserAgents;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What an operator watches: the Prometheus scrape on the management interface and readiness with the token issuer's
 * key set. The request id in a request's log lines is RenderAdmissionIT's to check, on the fresh server it starts.
 */
class ObservabilityIT extends ServerTest {

    private static final String MANAGEMENT = "http://127.0.0.1:" + System.getProperty("it.management.port", "10190");
    private static final int GENERATION_PER_MINUTE = Integer.getInteger("it.generation-per-minute");

    /** One scrape, each series keyed by its name and labels as written ({@code name{a="x",b="y"}}). */
    private record Scrape(Map<String, Double> series) {

        static Scrape now() {
            Api.Reply reply = Api.send(HttpRequest.newBuilder(URI.create(MANAGEMENT + "/metrics")).GET());
            assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
            Map<String, Double> series = new HashMap<>();
            for (String line : reply.text().split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    int space = line.lastIndexOf(' ');
                    series.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
                }
            }
            return new Scrape(series);
        }

        boolean has(String name) {
            return series.keySet().stream().anyMatch(key -> key.equals(name) || key.startsWith(name + "{"));
        }

        /**
         * The series {@code name} with these labels ({@code "outcome", "redirected", …}); 0 while it does not exist
         * yet, as a feature's meters appear when it is first used.
         */
        double value(String name, String... labels) {
            return series.entrySet().stream()
                    .filter(e -> e.getKey().equals(name) || e.getKey().startsWith(name + "{"))
                    .filter(e -> {
                        for (int i = 0; i < labels.length; i += 2) {
                            if (!e.getKey().contains(labels[i] + "=\"" + labels[i + 1] + "\"")) {
                                return false;
                            }
                        }
                        return true;
                    })
                    .mapToDouble(Map.Entry::getValue).sum();
        }
    }

    /**
     * Increments that only this test's requests cause are exact; where work of earlier tests may still run in the
     * background (bulk jobs rendering, webhook retries), at least this test's share.
     */
    @Test
    void theScrapeCountsWhatTheServiceDid() {
        Scrape before = Scrape.now();

        Api.Reply created = Api.post("/api/v1/qr", Api.json(Map.of("data", "https://example.com/metrics",
                "format", "svg")));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);

        String unknown = Api.BASE_URL + "/s/nosuch" + UUID.randomUUID().toString().replace("-", "");
        assertThat(DynamicCodesIT.scan(unknown).statusCode()).isEqualTo(404);
        String shortUrl = DynamicCodesIT.create(Map.of("destinationUrl", "https://example.com/metrics"))
                .path("shortUrl").asText();
        DynamicCodesIT.location(DynamicCodesIT.scan(shortUrl));
        DynamicCodesIT.location(DynamicCodesIT.scan(shortUrl, "User-Agent", UserAgents.GOOGLEBOT));

        spendAGenerationBudget();

        Api.Reply bulk = Api.send(Api.request("/api/v1/qr/bulk").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Api.json(Map.of("items",
                        List.of(Map.of("data", "https://example.com/metrics/bulk")))))));
        assertThat(bulk.status()).as(bulk.toString()).isEqualTo(202);
        assertThat(BulkIT.awaitFinished(bulk.json().path("jobId").asText()).path("status").asText())
                .isEqualTo("COMPLETED");

        Scrape after = awaitFlushOf(2, before);

        assertThat(after.value("qrforge_generations_total", "format", "svg", "outcome", "generated")
                - before.value("qrforge_generations_total", "format", "svg", "outcome", "generated"))
                .isGreaterThanOrEqualTo(1);
        assertThat(after.value("qrforge_render_admission_wait_seconds_count", "work", "request")
                - before.value("qrforge_render_admission_wait_seconds_count", "work", "request"))
                .isGreaterThanOrEqualTo(1);
        assertIncrement(before, after, 1, "qrforge_scans_total", "outcome", "unknown", "scanner", "unidentified");
        assertIncrement(before, after, 1, "qrforge_scans_total", "outcome", "redirected", "scanner", "person");
        assertIncrement(before, after, 1, "qrforge_scans_total", "outcome", "redirected", "scanner", "bot");
        assertIncrement(before, after, 1, "qrforge_rate_limit_rejections_total", "budget", "generation");
        assertIncrement(before, after, 0, "qrforge_rate_limit_rejections_total", "budget", "reads");
        assertIncrement(before, after, 1, "qrforge_bulk_jobs_total", "event", "started");
        assertThat(after.value("qrforge_bulk_jobs_total", "event", "completed")
                - before.value("qrforge_bulk_jobs_total", "event", "completed")).isGreaterThanOrEqualTo(1);
        assertIncrement(before, after, 0, "qrforge_scan_details_lost_total");
        assertThat(after.value("qrforge_scan_flush_size_sum") - before.value("qrforge_scan_flush_size_sum"))
                .as("both scans written (the bot's recorded, though not counted)").isGreaterThanOrEqualTo(2);
        for (String name : List.of("qrforge_scan_buffer_depth", "qrforge_scan_flush_seconds_count",
                "qrforge_render_admission_rejections_total", "qrforge_webhook_deliveries_total",
                "jvm_memory_used_bytes", "jvm_threads_live_threads", "undertow_request_count_total")) {
            assertThat(after.has(name)).as(name + " in the scrape").isTrue();
        }
    }

    private static void assertIncrement(Scrape before, Scrape after, double increment, String name,
            String... labels) {
        assertThat(after.value(name, labels) - before.value(name, labels))
                .as(name + " " + String.join(",", labels)).isEqualTo(increment);
    }

    /** A fresh key's generation budget spent with bodies refused after the charge, so nothing renders. */
    private static void spendAGenerationBudget() {
        String key = Api.postAs(Api.KEY, "/api/v1/api-keys", Api.json(Map.of("name", "metrics"))).json()
                .path("key").asText();
        int refused = 0;
        for (int i = 0; i < 2 * GENERATION_PER_MINUTE + 1 && refused == 0; i++) {
            if (Api.postAs(key, "/api/v1/qr", "{}").status() == 429) {
                refused++;
            }
        }
        assertThat(refused).as("one request over the budget").isEqualTo(1);
    }

    /** The scrape once the flush timer has written at least {@code scans} more scans than {@code before} shows. */
    private static Scrape awaitFlushOf(int scans, Scrape before) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (true) {
            Scrape scrape = Scrape.now();
            if (scrape.value("qrforge_scan_flush_size_sum") - before.value("qrforge_scan_flush_size_sum") >= scans) {
                return scrape;
            }
            assertThat(Instant.now()).as("the scans flushed in time").isBefore(deadline);
            Api.pauseBeforePolling();
        }
    }

    @Test
    void readinessNeedsTheKeySetAndLivenessNothing() {
        Api.Reply ready = Api.send(HttpRequest.newBuilder(URI.create(MANAGEMENT + "/health/ready")).GET());
        assertThat(ready.status()).as(ready.toString()).isEqualTo(200);
        JsonNode keySet = null;
        for (JsonNode check : ready.json().path("checks")) {
            if (check.path("name").asText().equals("oidc-key-set")) {
                keySet = check;
            }
        }
        assertThat(keySet).as(ready.toString()).isNotNull();
        assertThat(keySet.path("status").asText()).isEqualTo("UP");
        assertThat(keySet.path("data").path("url").asText())
                .isEqualTo(System.getProperty("it.keycloak.realm-url") + "/protocol/openid-connect/certs");
        assertThat(Integer.parseInt(keySet.path("data").path("keys").asText())).isPositive();

        Api.Reply live = Api.send(HttpRequest.newBuilder(URI.create(MANAGEMENT + "/health/live")).GET());
        assertThat(live.status()).as(live.toString()).isEqualTo(200);
    }
}
