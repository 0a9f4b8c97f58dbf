package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.Decoding;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Bulk generation through the Jakarta Batch job, end to end. */
class BulkIT extends ServerTest {

    private static Api.Reply submit(Object body, String... headers) {
        HttpRequest.Builder request = Api.request("/api/v1/qr/bulk").header("Content-Type", "application/json");
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return Api.send(request.POST(HttpRequest.BodyPublishers.ofString(Api.json(body))));
    }

    static JsonNode awaitFinished(String jobId) {
        return awaitFinished(Api.BASE_URL, jobId);
    }

    /** The job as the server at {@code baseUrl} shows it once it is no longer STARTED (within 2 minutes). */
    static JsonNode awaitFinished(String baseUrl, String jobId) {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
        while (true) {
            JsonNode job = Api.send(Api.requestTo(baseUrl, Api.KEY, "/api/v1/qr/bulk/" + jobId).GET()).json();
            if (!job.path("status").asText().equals("STARTED")) {
                return job;
            }
            assertThat(Instant.now()).as("job " + jobId + " finished in time").isBefore(deadline);
            Api.pauseBeforePolling();
        }
    }

    static Map<String, byte[]> unzip(byte[] zip) throws IOException {
        Map<String, byte[]> files = new HashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null;) {
                files.put(entry.getName(), in.readAllBytes());
            }
        }
        return files;
    }

    static List<Map<String, Object>> items(int count, String tag) {
        List<Map<String, Object>> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Map<String, Object> item = new HashMap<>();
            item.put("data", "https://example.com/" + tag + "/" + i);
            if (i % 2 == 1) {
                item.put("format", "png");
            }
            if (i % 3 == 0) {
                item.put("design", Map.of("bodyStyle", "rounded-pointed"));
            }
            items.add(item);
        }
        return items;
    }

    @Test
    void twoHundredCodesCompleteAndTheirArchiveDecodes() throws IOException {
        String tag = UUID.randomUUID().toString();
        Api.Reply accepted = submit(Map.of("defaults", Map.of("size", 200, "design", Map.of("foregroundColor", "#1a237e")),
                "items", items(200, tag)));
        assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);
        String jobId = accepted.json().path("jobId").asText();
        assertThat(accepted.header("Location")).hasValue(Api.BASE_URL + "/api/v1/qr/bulk/" + jobId);
        assertThat(accepted.json().path("total").asInt()).isEqualTo(200);
        assertThat(accepted.json().path("archiveUrl").asText()).endsWith("/api/v1/qr/bulk/" + jobId + "/archive");

        JsonNode job = awaitFinished(jobId);
        assertThat(job.path("status").asText()).isEqualTo("COMPLETED");
        assertThat(job.path("succeeded").asInt()).isEqualTo(200);
        assertThat(job.path("failed").asInt()).isZero();
        assertThat(job.path("results")).hasSize(200);
        assertThat(job.path("finishedAt").asText()).isNotEmpty();
        JsonNode first = job.path("results").get(0);
        assertThat(first.path("filename").asText()).isEqualTo("001.svg");
        assertThat(Api.get("/api/v1/qr/" + first.path("id").asText()).json().path("data").asText())
                .isEqualTo("https://example.com/" + tag + "/0");

        Api.Reply archive = Api.get("/api/v1/qr/bulk/" + jobId + "/archive");
        assertThat(archive.status()).isEqualTo(200);
        assertThat(archive.header("Content-Type")).hasValue("application/zip");
        Map<String, byte[]> files = unzip(archive.bytes());
        assertThat(files).hasSize(201).containsKey("manifest.csv");
        String manifest = new String(files.get("manifest.csv"), StandardCharsets.UTF_8);
        assertThat(manifest.split("\n")).hasSize(201);
        assertThat(manifest).startsWith("index,id,data,file,status,score\n");
        for (int i = 0; i < 200; i++) {
            String name = String.format("%03d.%s", i + 1, i % 2 == 1 ? "png" : "svg");
            byte[] file = files.get(name);
            String decoded;
            try {
                decoded = i % 2 == 1 ? Decoding.pngText(file) : Decoding.svgText(new String(file, StandardCharsets.UTF_8));
            } catch (AssertionError e) {
                throw new AssertionError(name + ": " + e.getMessage() + "\n" + new String(file, StandardCharsets.UTF_8), e);
            }
            assertThat(decoded).as(name).isEqualTo("https://example.com/" + tag + "/" + i);
        }
    }

    @Test
    void itemCountsOutsideOneToTwoHundredAreRefused() {
        for (int count : new int[] {0, 201}) {
            Api.Reply reply = submit(Map.of("items", items(count, "limits")));
            assertThat(reply.status()).isEqualTo(400);
            assertThat(reply.json().path("error").path("field").asText()).isEqualTo("items");
            assertThat(reply.json().path("error").path("message").asText()).contains("200");
        }
    }

    @Test
    void anInvalidItemIsNamedAndNothingStarts() {
        List<Map<String, Object>> items = items(10, "invalid");
        items.get(5).put("size", 50);
        Api.Reply reply = submit(Map.of("items", items));
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().path("error").path("field").asText()).isEqualTo("items[5].size");
        items.get(5).remove("size");
        items.get(7).put("design", Map.of("foregroundColor", "blue"));
        assertThat(submit(Map.of("items", items)).json().path("error").path("field").asText())
                .isEqualTo("items[7].design.foregroundColor");
        items.get(7).remove("design");
        items.get(8).put("data", "x".repeat(3000));
        assertThat(submit(Map.of("items", items)).json().path("error").path("field").asText()).isEqualTo("items[8].data");
        items.get(8).put("data", "ok");
        items.get(9).put("filename", "../etc/passwd");
        assertThat(submit(Map.of("items", items)).json().path("error").path("field").asText())
                .isEqualTo("items[9].filename");
        assertThat(submit(Map.of("defaults", Map.of("format", "gif"), "items", items(1, "d"))).json()
                .path("error").path("field").asText()).isEqualTo("defaults.format");
    }

    @Test
    void csvInput() throws IOException {
        String csv = "data,format,size,filename,foregroundColor\n"
                + "https://example.com/csv/1,svg,150,menu,#004d40\n"
                + "\"https://example.com/csv/2?a=1,b=2\",png,,poster,\n";
        Api.Reply accepted = Api.send(Api.request("/api/v1/qr/bulk").header("Content-Type", "text/csv")
                .POST(HttpRequest.BodyPublishers.ofString(csv)));
        assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);
        String jobId = accepted.json().path("jobId").asText();
        assertThat(awaitFinished(jobId).path("succeeded").asInt()).isEqualTo(2);
        Map<String, byte[]> files = unzip(Api.get("/api/v1/qr/bulk/" + jobId + "/archive").bytes());
        assertThat(Decoding.svgText(new String(files.get("menu.svg"), StandardCharsets.UTF_8)))
                .isEqualTo("https://example.com/csv/1");
        assertThat(Decoding.pngText(files.get("poster.png"))).isEqualTo("https://example.com/csv/2?a=1,b=2");

        Api.Reply bad = Api.send(Api.request("/api/v1/qr/bulk").header("Content-Type", "text/csv")
                .POST(HttpRequest.BodyPublishers.ofString("data,size\nhttps://example.com,big\n")));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().path("error").path("field").asText()).isEqualTo("items[0].size");
    }

    @Test
    void anIdempotencyKeyReturnsTheSameJob() {
        String key = UUID.randomUUID().toString();
        String first = submit(Map.of("items", items(3, "idem")), "Idempotency-Key", key).json().path("jobId").asText();
        Api.Reply again = submit(Map.of("items", items(3, "idem")), "Idempotency-Key", key);
        assertThat(again.status()).isEqualTo(202);
        assertThat(again.json().path("jobId").asText()).isEqualTo(first);
        assertThat(submit(Map.of("items", items(3, "idem"))).json().path("jobId").asText()).isNotEqualTo(first);
        // The key names its request: sent with another, it is refused rather than answered with the first job.
        Api.Reply reused = submit(Map.of("items", items(2, "idem")), "Idempotency-Key", key);
        assertThat(reused.status()).as(reused.toString()).isEqualTo(422);
        assertThat(reused.json().path("error").path("field").asText()).isEqualTo("Idempotency-Key");
    }

    @Test
    void jobsBelongToTheirWorkspace() {
        String jobId = submit(Map.of("items", items(2, "mine"))).json().path("jobId").asText();
        assertThat(Api.send(Api.requestAs(Api.OTHER_KEY, "/api/v1/qr/bulk/" + jobId).GET()).status()).isEqualTo(404);
        awaitFinished(jobId);
        assertThat(Api.send(Api.requestAs(Api.OTHER_KEY, "/api/v1/qr/bulk/" + jobId + "/archive").GET()).status())
                .isEqualTo(404);
    }

    /** A job still running when the server stops ({@link RestartIT}) is resumed, not lost nor done twice. */
    static Executable aJobInterruptedByARestart() {
        List<Map<String, Object>> items = items(200, "restart");
        String jobId = submit(Map.of("defaults", Map.of("size", 1000, "format", "png"), "items", items)).json()
                .path("jobId").asText();
        return () -> {
            JsonNode job = awaitFinished(jobId);
            assertThat(job.path("status").asText()).isEqualTo("COMPLETED");
            assertThat(job.path("succeeded").asInt() + job.path("failed").asInt()).isEqualTo(200);
            assertThat(job.path("results").findValuesAsText("index")).doesNotHaveDuplicates();
        };
    }
}
