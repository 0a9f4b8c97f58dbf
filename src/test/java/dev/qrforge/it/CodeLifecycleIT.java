package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Deleting codes and erasing scans, and reading a split test, over HTTP. Runs in a workspace of its own
 * ({@link Api#LIFECYCLE_KEY}), whose scans it may erase without touching other tests'.
 */
class CodeLifecycleIT extends ServerTest {

    private static final String KEY = Api.LIFECYCLE_KEY;
    private static final HttpClient SCANNER = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .build();

    private static JsonNode createDynamic(Map<String, Object> body) {
        Api.Reply reply = Api.postAs(KEY, "/api/v1/dynamic", Api.json(body));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json();
    }

    /** One scan by a visitor of its own (its address), answered as the redirect servlet answers it. */
    private static HttpResponse<String> scan(String shortUrl, int visitor, String method) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(shortUrl))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .header("User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15"
                        + " (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")
                .header("X-Forwarded-For", "81.2." + (visitor / 250) + "." + (visitor % 250 + 1))
                .build();
        try {
            return SCANNER.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static Api.Reply delete(String credential, String path) {
        return Api.deleteAs(credential, path);
    }

    private static JsonNode workspaceAnalytics() {
        Api.Reply reply = Api.getAs(KEY, "/api/v1/analytics");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json();
    }

    private static long workspaceScans() {
        return workspaceAnalytics().path("totalScans").asLong();
    }

    private static void await(String what, Supplier<Boolean> condition) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (!condition.get()) {
            assertThat(Instant.now()).as(what + " within a minute").isBefore(deadline);
            Api.pauseBeforePolling();
        }
    }

    /** A code's people's scans as the analytics read them: written and rolled up, no longer in any buffer. */
    private static long analyticsTotal(String id) {
        return Api.getAs(KEY, "/api/v1/qr/" + id + "/analytics").json().path("totalScans").asLong();
    }

    private static long scanCount(String id) {
        return Api.getAs(KEY, "/api/v1/dynamic/" + id).json().path("scanCount").asLong();
    }

    /** A key of the lifecycle workspace that may delete codes but not erase scans. */
    private static String keyWithoutErase() {
        Api.Reply key = Api.postAs(KEY, "/api/v1/api-keys", Api.json(Map.of("name", "no-erase",
                "scopes", List.of("qr:read", "qr:write", "dynamic:write", "analytics:read"))));
        assertThat(key.status()).as(key.toString()).isEqualTo(201);
        return key.json().path("key").asText();
    }

    @Test
    void aDeletedDynamicCodeIsGoneForGoodAndItsShortCodeStaysTaken() {
        String shortCode = "gone-" + Long.toString(System.nanoTime(), 36);
        JsonNode code = createDynamic(Map.of("destinationUrl", "https://example.com/before", "shortCode", shortCode));
        String id = code.path("id").asText();
        String qrId = code.path("qr").path("id").asText();
        String url = code.path("shortUrl").asText();
        assertThat(scan(url, 1, "GET").statusCode()).isEqualTo(302);

        assertThat(delete(KEY, "/api/v1/dynamic/" + id).status()).isEqualTo(204);

        assertThat(Api.getAs(KEY, "/api/v1/dynamic/" + id).status()).isEqualTo(404);
        assertThat(Api.getAs(KEY, "/api/v1/qr/" + qrId).status()).isEqualTo(404);
        assertThat(Api.getAs(KEY, "/api/v1/qr/" + qrId + "/image").status()).isEqualTo(404);
        HttpResponse<String> gone = scan(url, 2, "GET");
        assertThat(gone.statusCode()).isEqualTo(410);
        assertThat(gone.body()).contains("no longer exists");
        assertThat(gone.headers().firstValue("Location")).isEmpty();
        assertThat(scan(url, 3, "HEAD").statusCode()).isEqualTo(410);
        Api.Reply again = Api.postAs(KEY, "/api/v1/dynamic", Api.json(Map.of("destinationUrl",
                "https://example.com/after", "shortCode", shortCode)));
        assertThat(again.status()).as("a deleted short code is never handed out again").isEqualTo(409);
        assertThat(again.json().path("error").path("field").asText()).isEqualTo("shortCode");
        assertThat(delete(KEY, "/api/v1/dynamic/" + id).status()).as("deleted already").isEqualTo(404);
        assertThat(Api.getAs(KEY, "/api/v1/dynamic?q=" + shortCode).json().path("items")).isEmpty();
        assertThat(Api.getAs(KEY, "/api/v1/qr?q=" + shortCode).json().path("items")).isEmpty();
    }

    @Test
    void deletingADynamicCodesQrRecordDeletesTheCodeAndAStaticOneIsJustGone() {
        JsonNode code = createDynamic(Map.of("destinationUrl", "https://example.com/qr-delete"));
        assertThat(delete(KEY, "/api/v1/qr/" + code.path("qr").path("id").asText()).status()).isEqualTo(204);
        assertThat(Api.getAs(KEY, "/api/v1/dynamic/" + code.path("id").asText()).status()).isEqualTo(404);
        assertThat(scan(code.path("shortUrl").asText(), 1, "GET").statusCode()).isEqualTo(410);

        Api.Reply created = Api.postAs(KEY, "/api/v1/qr", Api.json(Map.of("data", "static to delete")));
        String staticId = created.json().path("id").asText();
        assertThat(delete(Api.OTHER_KEY, "/api/v1/qr/" + staticId).status()).as("another workspace's").isEqualTo(404);
        assertThat(delete(KEY, "/api/v1/qr/" + staticId).status()).isEqualTo(204);
        assertThat(Api.getAs(KEY, "/api/v1/qr/" + staticId).status()).isEqualTo(404);
    }

    @Test
    void aDeletionKeepsTheWorkspacesHistoryAndAnErasureRemovesIt() {
        JsonNode kept = createDynamic(Map.of("destinationUrl", "https://example.com/kept", "title", "Kept"));
        JsonNode erased = createDynamic(Map.of("destinationUrl", "https://example.com/erased"));
        for (int i = 0; i < 3; i++) {
            assertThat(scan(kept.path("shortUrl").asText(), 10 + i, "GET").statusCode()).isEqualTo(302);
        }
        for (int i = 0; i < 2; i++) {
            assertThat(scan(erased.path("shortUrl").asText(), 20 + i, "GET").statusCode()).isEqualTo(302);
        }
        await("the scans rolled up", () -> analyticsTotal(kept.path("id").asText()) == 3
                && analyticsTotal(erased.path("id").asText()) == 2);
        long before = workspaceScans();

        assertThat(delete(KEY, "/api/v1/dynamic/" + kept.path("id").asText()).status()).isEqualTo(204);
        JsonNode history = workspaceAnalytics();
        assertThat(history.path("totalScans").asLong()).as("a deletion alone keeps the scans").isEqualTo(before);
        JsonNode top = find(history.path("topCodes"), kept.path("id").asText());
        assertThat(top.path("deleted").asBoolean()).isTrue();
        assertThat(top.path("title").asText()).isEqualTo("Kept");
        assertThat(top.path("scans").asLong()).isEqualTo(3);

        String erasedId = erased.path("id").asText();
        Api.Reply refused = delete(keyWithoutErase(), "/api/v1/dynamic/" + erasedId + "?erase=true");
        assertThat(refused.status()).as(refused.toString()).isEqualTo(403);
        assertThat(refused.json().path("error").path("message").asText()).contains("analytics:erase");
        Api.Reply unclear = delete(KEY, "/api/v1/dynamic/" + erasedId + "?erase=yes");
        assertThat(unclear.status()).isEqualTo(400);
        assertThat(unclear.json().path("error").path("field").asText()).isEqualTo("erase");
        assertThat(scanCount(erasedId)).as("refusals change nothing").isEqualTo(2);

        assertThat(delete(KEY, "/api/v1/dynamic/" + erasedId + "?erase=true").status()).isEqualTo(204);
        JsonNode after = workspaceAnalytics();
        assertThat(after.path("totalScans").asLong()).isEqualTo(before - 2);
        assertThat(after.path("topCodes").findValuesAsText("id")).doesNotContain(erasedId);
        assertThat(Api.getAs(KEY, "/api/v1/qr/" + erasedId + "/scans").status()).isEqualTo(404);
    }

    @Test
    void erasingAWorkspacesScansLeavesItsCodesCountingFromZero() {
        JsonNode code = createDynamic(Map.of("destinationUrl", "https://example.com/reset"));
        String id = code.path("id").asText();
        String url = code.path("shortUrl").asText();
        scan(url, 30, "GET");
        scan(url, 31, "GET");
        await("two scans rolled up", () -> analyticsTotal(id) == 2);

        assertThat(delete(keyWithoutErase(), "/api/v1/analytics").status()).isEqualTo(403);
        assertThat(scanCount(id)).isEqualTo(2);
        assertThat(delete(KEY, "/api/v1/analytics").status()).isEqualTo(204);

        assertThat(scanCount(id)).isZero();
        assertThat(workspaceScans()).isZero();
        assertThat(Api.getAs(KEY, "/api/v1/qr/" + id + "/analytics").json().path("totalScans").asLong()).isZero();
        assertThat(Api.getAs(KEY, "/api/v1/qr/" + id + "/scans?format=csv").text().strip().lines())
                .as("the export holds its header only").hasSize(1);
        assertThat(Api.getAs(Api.KEY, "/api/v1/analytics").status()).as("another workspace is untouched")
                .isEqualTo(200);

        scan(url, 32, "GET");
        await("a new scan counted from zero", () -> analyticsTotal(id) == 1);
        assertThat(scanCount(id)).isEqualTo(1);
    }

    @Test
    void aSeventyThirtySplitIsReadFromByDestinationAndTheExport() {
        JsonNode code = createDynamic(Map.of("destinationUrl", "https://example.com/default",
                "rules", List.of(Map.of("name", "spring test", "split", List.of(
                        Map.of("destinationUrl", "https://example.com/a", "weight", 70),
                        Map.of("destinationUrl", "https://example.com/b", "weight", 30))))));
        String id = code.path("id").asText();
        int scans = 200;
        Map<String, Long> sent = new HashMap<>();
        for (int visitor = 0; visitor < scans; visitor++) {
            HttpResponse<String> response = scan(code.path("shortUrl").asText(), 1000 + visitor, "GET");
            assertThat(response.statusCode()).isEqualTo(302);
            sent.merge(response.headers().firstValue("Location").orElseThrow(), 1L, Long::sum);
        }
        // A binomial count of 200 at 70 %: the standard deviation is 6.5 scans, so 110–170 is over 4.5 of them.
        assertThat(sent.get("https://example.com/a")).isBetween(110L, 170L);
        // A returning visitor: one more scan, not one more unique scan.
        String repeat = scan(code.path("shortUrl").asText(), 1000, "GET").headers().firstValue("Location")
                .orElseThrow();
        await("every scan rolled up", () -> analyticsTotal(id) == scans + 1);

        JsonNode byDestination = Api.getAs(KEY, "/api/v1/qr/" + id + "/analytics").json().path("byDestination");
        assertThat(byDestination).hasSize(2);
        for (JsonNode row : byDestination) {
            String url = row.path("destinationUrl").asText();
            assertThat(row.path("via").asText()).isEqualTo("rule");
            assertThat(row.path("rule").asInt()).isZero();
            assertThat(row.path("ruleName").asText()).isEqualTo("spring test");
            assertThat(row.path("arm").asInt()).isEqualTo(url.endsWith("/a") ? 0 : 1);
            long repeated = url.equals(repeat) ? 1 : 0;
            assertThat(row.path("scans").asLong()).as(url).isEqualTo(sent.get(url) + repeated);
            assertThat(row.path("uniqueScans").asLong()).as("one first visit per visitor").isEqualTo(sent.get(url));
        }

        List<String> lines = Api.getAs(KEY, "/api/v1/qr/" + id + "/scans?format=csv").text().strip().lines().toList();
        assertThat(lines.get(0)).endsWith(",rule,arm,destination");
        Map<String, Long> exported = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] values = line.split(",", -1);
            exported.merge(String.join(",", values[13], values[14], values[15]), 1L, Long::sum);
        }
        sent.merge(repeat, 1L, Long::sum);
        assertThat(exported).isEqualTo(Map.of("0,0,https://example.com/a", sent.get("https://example.com/a"),
                "0,1,https://example.com/b", sent.get("https://example.com/b")));
    }

    @Test
    void aBulkArchiveBuiltAfterADeletionLeavesTheCodeOut() throws IOException {
        Api.Reply accepted = Api.post("/api/v1/qr/bulk", Api.json(Map.of("items",
                List.of(Map.of("data", "bulk keep"), Map.of("data", "bulk delete")))));
        assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);
        String jobId = accepted.json().path("jobId").asText();
        JsonNode job = BulkIT.awaitFinished(jobId);
        assertThat(job.path("status").asText()).isEqualTo("COMPLETED");
        String deletedId = job.path("results").get(1).path("id").asText();

        assertThat(Api.deleteAs(Api.KEY, "/api/v1/qr/" + deletedId).status()).isEqualTo(204);

        Map<String, byte[]> files = BulkIT.unzip(Api.get("/api/v1/qr/bulk/" + jobId + "/archive").bytes());
        assertThat(files).containsOnlyKeys("001.svg", "manifest.csv");
        assertThat(new String(files.get("manifest.csv"), StandardCharsets.UTF_8))
                .contains("," + deletedId + ",,,DELETED,");
    }

    private static JsonNode find(JsonNode rows, String id) {
        for (JsonNode row : rows) {
            if (row.path("id").asText().equals(id)) {
                return row;
            }
        }
        throw new AssertionError(id + " not among " + rows);
    }
}
