package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.UserAgents;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The database goes away in the middle of a run: a PostgreSQL of the test's own, stopped and started again under a
 * server of the test's own. While it is away, printed codes keep redirecting from the node's cache and every scan is
 * counted in memory; past the buffer's bound the oldest scans' details are dropped and said to be; the API answers
 * 503 in the envelope. When it is back, every count and every scan still buffered is written.
 */
@DatabaseIndependent
class DatabaseOutageIT {

    /** The server's port offset, clear of the suite's; -Dit.outage.offset moves it beside another build. */
    private static final int OFFSET = Integer.getInteger("it.outage.offset", 700);
    private static final int CAPACITY = 100;
    private static final int MAX_EVENTS = 200;
    private static final int BEFORE = 30;
    private static final int DURING = 400;
    private static final HttpClient SCANNER = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .build();

    @Test
    void scansAreCountedThroughAnOutageAndWrittenWhenTheDatabaseReturns() throws Exception {
        try (ScratchPostgres postgres = ScratchPostgres.start(Paths.get("target", "it-postgres-outage"));
                ProvisionedServer server = new ProvisionedServer("it-server-outage", OFFSET, environment(postgres))) {
            server.start(Api.KEY);
            Api.Reply created = Api.send(Api.requestTo(server.baseUrl(), Api.KEY, "/api/v1/dynamic")
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                            Api.json(Map.of("destinationUrl", "https://example.com/outage")))));
            assertThat(created.status()).as(created.toString()).isEqualTo(201);
            String id = created.json().path("id").asText();
            String shortUrl = created.json().path("shortUrl").asText();
            for (int i = 0; i < BEFORE; i++) {
                assertRedirects(scan(shortUrl));
            }
            await(() -> totalScans(server, id) == BEFORE, "the first scans written");

            postgres.stop();
            for (int i = 0; i < DURING; i++) {
                assertRedirects(scan(shortUrl));
            }
            Api.Reply api = get(server, "/api/v1/dynamic/" + id);
            assertThat(api.status()).as(api.toString()).isEqualTo(503);
            assertThat(api.json().path("error").path("code").asText()).isEqualTo("SERVICE_UNAVAILABLE");
            assertThat(api.header("Retry-After")).isPresent();
            HttpResponse<String> unknown = scan(server.baseUrl() + "/s/notcachedhere");
            assertThat(unknown.statusCode()).isEqualTo(503);
            assertThat(unknown.headers().firstValue("Retry-After")).isPresent();

            JsonNode during = server.scanBuffer();
            assertThat(during.path("writesFailingSince").isMissingNode()).as(during.toString()).isFalse();
            assertThat(during.path("unwrittenCounts").asLong()).isEqualTo(DURING);
            assertThat(during.path("bufferedScans").asLong()).isLessThanOrEqualTo(MAX_EVENTS);
            long lost = during.path("scanDetailsLost").asLong();
            assertThat(lost + during.path("bufferedScans").asLong()).isEqualTo(DURING);
            assertThat(lost).isGreaterThanOrEqualTo(DURING - MAX_EVENTS);
            assertThat(server.console()).contains("Writing scans failed").contains("Scan buffer full");

            postgres.start();
            await(() -> scanCount(server, id) == BEFORE + DURING, "every count written");
            await(() -> totalScans(server, id) == BEFORE + DURING - lost, "every buffered scan written");
            JsonNode after = server.scanBuffer();
            assertThat(after.path("writesFailingSince").isMissingNode()).as(after.toString()).isTrue();
            assertThat(after.path("unwrittenCounts").asLong()).isZero();
            assertThat(after.path("bufferedScans").asLong()).isZero();
            assertThat(after.path("scanDetailsLost").asLong()).isEqualTo(lost);
            assertThat(server.console()).contains("Writing scans works again");
            assertThat(scanCount(server, id)).isEqualTo(BEFORE + DURING);
        }
    }

    private static Map<String, String> environment(ScratchPostgres postgres) {
        Map<String, String> env = postgres.serverEnvironment(Api.KEY);
        env.put("QRFORGE_SCAN_FLUSH_INTERVAL", "0.5");
        env.put("QRFORGE_SCAN_BUFFER_CAPACITY", Integer.toString(CAPACITY));
        env.put("QRFORGE_SCAN_BUFFER_MAX_EVENTS", Integer.toString(MAX_EVENTS));
        // Cached codes go stale during the outage: they must keep serving anyway.
        env.put("QRFORGE_SCAN_CACHE_TTL_MILLIS", "200");
        return env;
    }

    private static HttpResponse<String> scan(String url) throws Exception {
        return SCANNER.send(HttpRequest.newBuilder(URI.create(url)).header("User-Agent",
                UserAgents.CHROME_WINDOWS).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void assertRedirects(HttpResponse<String> scan) {
        assertThat(scan.statusCode()).as(scan.body()).isEqualTo(302);
        assertThat(scan.headers().firstValue("Location")).hasValue("https://example.com/outage");
    }

    private static Api.Reply get(ProvisionedServer server, String path) {
        return Api.send(Api.requestTo(server.baseUrl(), Api.KEY, path).GET());
    }

    private static long scanCount(ProvisionedServer server, String id) {
        Api.Reply reply = get(server, "/api/v1/dynamic/" + id);
        return reply.status() == 200 ? reply.json().path("scanCount").asLong() : -1;
    }

    private static long totalScans(ProvisionedServer server, String id) {
        Api.Reply reply = get(server, "/api/v1/qr/" + id + "/analytics");
        return reply.status() == 200 ? reply.json().path("totalScans").asLong() : -1;
    }

    private static void await(BooleanSupplier condition, String what) {
        Instant deadline = Instant.now().plusSeconds(60);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("not done within 60 s: " + what);
            }
            Api.pauseBeforePolling();
        }
    }
}
