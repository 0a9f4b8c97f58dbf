package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.render.RasterFiles;
import dev.qrforge.testing.Decoding;
import dev.qrforge.testing.Directories;
import java.awt.image.BufferedImage;
import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bounded memory under load, on a server of its own with half a gigabyte of heap (the suite's has a gigabyte):
 * render work beyond what the heap holds waits for its memory or is refused with 503 SERVICE_UNAVAILABLE, and the
 * server never runs out of memory.
 */
@DatabaseIndependent
class RenderAdmissionIT {

    private static final Path DATABASE = Path.of("target", "it-server-512m-h2");
    private static final ProvisionedServer SERVER = new ProvisionedServer("it-server-512m", 600,
            ownDatabaseAndHeap(ProvisionedServer.baseEnvironment(Api.KEY)));
    private static final String GRADIENT = "{\"bodyStyle\": \"rounded-pointed\", \"foregroundColor\": \"#1a237e\","
            + " \"gradientType\": \"radial\", \"gradientColor2\": \"#6a1b9a\"}";

    /**
     * A database of its own: the copy of the provisioned base directory holds the suite server's H2 database, and a
     * bulk job that server left unfinished was taken over by this one at boot (bulk.BulkLeases), whose render then
     * came before the first request's and logged the admission's sizing outside any request.
     */
    private static Map<String, String> ownDatabaseAndHeap(Map<String, String> environment) {
        environment.put("QRFORGE_DB", "h2");
        environment.put("QRFORGE_DB_URL", "jdbc:h2:file:" + DATABASE.resolve("qrforge").toAbsolutePath()
                + ";DB_CLOSE_ON_EXIT=FALSE;LOCK_TIMEOUT=10000");
        environment.put("QRFORGE_DB_USER", "sa");
        environment.put("QRFORGE_DB_PASSWORD", "sa");
        environment.put("JBOSS_JAVA_SIZING", "-Xms512m -Xmx512m");
        return environment;
    }

    /** The id of the first request this server rendered for, which its render admission's sizing line names. */
    private static String firstRender;

    @BeforeAll
    static void start() throws Exception {
        Directories.delete(DATABASE);
        SERVER.start(Api.KEY);
        Api.Reply first = generate("{\"data\": \"https://example.com/first\"}");
        assertThat(first.status()).as(first.toString()).isEqualTo(201);
        firstRender = first.header("X-Request-Id").orElseThrow();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        SERVER.stop();
    }

    private static Api.Reply generate(String body) {
        return Api.send(Api.requestTo(SERVER.baseUrl(), Api.KEY, "/api/v1/qr")
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** Sends {@code requests} bodies from {@code threads} threads at once and returns every answer. */
    private static List<Api.Reply> concurrently(int threads, List<String> requests) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Callable<Api.Reply>> calls = new ArrayList<>();
            for (String body : requests) {
                calls.add(() -> generate(body));
            }
            List<Api.Reply> replies = new ArrayList<>();
            for (Future<Api.Reply> reply : pool.invokeAll(calls, 10, TimeUnit.MINUTES)) {
                replies.add(reply.get());
            }
            return replies;
        } finally {
            pool.shutdownNow();
        }
    }

    /** A 201 with the requested PNG, or a 503 in the error envelope with Retry-After: nothing else. */
    private static boolean assertCreatedOrBusy(Api.Reply reply, int size) {
        if (reply.status() == 503) {
            JsonNode error = reply.json().path("error");
            assertThat(error.path("code").asText()).as(reply.toString()).isEqualTo("SERVICE_UNAVAILABLE");
            assertThat(error.path("request_id").asText()).startsWith("req_");
            assertThat(reply.header("Retry-After")).as(reply.toString()).isPresent();
            return false;
        }
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        byte[] png = Base64.getDecoder().decode(reply.json().path("png").asText());
        // The PNG header says its size: width and height are the big-endian ints at bytes 16 and 20.
        assertThat(ByteBuffer.wrap(png, 16, 8).getInt()).isEqualTo(size);
        assertThat(ByteBuffer.wrap(png, 20, 4).getInt()).isEqualTo(size);
        return true;
    }

    /**
     * JPEG and WebP are encoded from the whole image, at several times its size: a 5000 px one costs more than half
     * this heap, and once ran out of it. Such a render is refused before it starts (413 on size); one within the
     * largest render admitted runs alone, beside nothing else that renders.
     */
    @Test
    void wholeImageFormatsTooLargeForTheHeapAreRefusedAndTheRestRunAlone() throws Exception {
        List<String> bodies = new ArrayList<>();
        Map<String, Integer> sizes = new HashMap<>();
        for (String format : List.of("webp", "jpeg")) {
            for (int size : new int[] {3000, 4000, 4400, 5000}) {
                String data = "https://example.com/print/" + format + "/" + size;
                bodies.add("{\"data\": \"" + data + "\", \"format\": \"" + format + "\", \"size\": " + size
                        + ", \"design\": " + GRADIENT + "}");
                sizes.put(data, size);
            }
        }
        int created = 0;
        int refused = 0;
        for (Api.Reply reply : concurrently(4, bodies)) {
            if (reply.status() == 413) {
                JsonNode error = reply.json().path("error");
                assertThat(error.path("code").asText()).as(reply.toString()).isEqualTo("PAYLOAD_TOO_LARGE");
                assertThat(error.path("field").asText()).isEqualTo("size");
                assertThat(error.path("message").asText()).contains("more than the largest render");
                refused++;
            } else if (reply.status() != 503) {
                assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
                JsonNode code = reply.json();
                String format = code.path("format").asText();
                byte[] file = Base64.getDecoder().decode(code.path(format).asText());
                BufferedImage image = format.equals("webp") ? RasterFiles.readWebp(file) : RasterFiles.readJpeg(file);
                assertThat(image.getWidth()).isEqualTo(sizes.get(code.path("data").asText()));
                created++;
            }
        }
        assertThat(created).as("codes created").isPositive();
        assertThat(refused).as("5000 px codes refused").isGreaterThanOrEqualTo(2);
        assertThat(SERVER.console()).doesNotContain("OutOfMemoryError");
    }

    /**
     * The render admission logs its sizing when the first render after a start needs it: that line, written while
     * serving the request, must carry the request's id; the boot's lines, outside any request, carry none. Checked
     * here, as this class's server starts fresh and renders its first code in {@link #start()}.
     */
    @Test
    void aLineLoggedWhileServingARequestCarriesItsId() {
        List<String> lines = SERVER.console().lines().toList();
        assertThat(lines).filteredOn(line -> line.contains("Render admission:")).singleElement().asString()
                .contains("[" + firstRender + "] Render admission:");
        assertThat(lines).filteredOn(line -> line.contains("WFLYSRV0025")).singleElement().asString()
                .contains("(Controller Boot Thread) [] WFLYSRV0025");
    }

    /**
     * Bulk items are admitted as single renders are: two jobs of WebP codes just within the largest render, beside
     * single renders of the same, finish with every item made or refused on its size, and nothing runs out of
     * memory. (A fuzzing run once ran this heap out of memory with two such items in one job.)
     */
    @Test
    void bulkJobsOfLargeWholeImageCodesBesideSingleRendersFinishWithinTheHeap() throws Exception {
        List<String> jobs = new ArrayList<>();
        for (int job = 0; job < 2; job++) {
            List<Map<String, Object>> items = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                items.add(Map.of("data", "https://example.com/bulk/" + job + "/" + i));
            }
            Api.Reply accepted = Api.send(Api.requestTo(SERVER.baseUrl(), Api.KEY, "/api/v1/qr/bulk")
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(Api.json(
                            Map.of("defaults", Map.of("format", "webp", "size", 4200), "items", items)))));
            assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);
            jobs.add(accepted.json().path("jobId").asText());
        }
        List<String> singles = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            singles.add("{\"data\": \"https://example.com/beside/" + i + "\", \"format\": \"webp\", \"size\": 4000}");
        }
        for (Api.Reply reply : concurrently(4, singles)) {
            assertThat(reply.status()).as(reply.toString()).isIn(201, 503);
        }
        for (String jobId : jobs) {
            JsonNode job = BulkIT.awaitFinished(SERVER.baseUrl(), jobId);
            assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("COMPLETED");
            for (JsonNode failure : job.path("errors")) {
                assertThat(failure.path("field").asText()).as(failure.toString()).endsWith("size");
            }
            assertThat(job.path("succeeded").asInt()).as(job.toString()).isPositive();
        }
        assertThat(SERVER.console()).doesNotContain("OutOfMemoryError").doesNotContain("SEVERE");
    }

    @Test
    void twelveConcurrentFiveThousandPixelPngsFitOrAreTurnedAwayAndTheServerKeepsServing() throws Exception {
        List<String> bodies = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            bodies.add("{\"data\": \"https://example.com/poster/" + i + "\", \"format\": \"png\", \"size\": 5000,"
                    + " \"design\": " + GRADIENT + "}");
        }
        List<Api.Reply> replies = concurrently(12, bodies);
        int created = 0;
        for (Api.Reply reply : replies) {
            created += assertCreatedOrBusy(reply, 5000) ? 1 : 0;
        }
        assertThat(created).as("codes created").isPositive();

        // Sixteen clients keep asking for styled 1000 px PNGs, as a load generator would.
        List<String> styled = new ArrayList<>();
        for (int i = 0; i < 160; i++) {
            styled.add("{\"data\": \"https://example.com/item/" + i + "\", \"format\": \"png\", \"size\": 1000,"
                    + " \"design\": " + GRADIENT + "}");
        }
        for (Api.Reply reply : concurrently(16, styled)) {
            assertCreatedOrBusy(reply, 1000);
        }

        assertThat(SERVER.console()).doesNotContain("OutOfMemoryError");
        Api.Reply normal = generate("{\"data\": \"https://example.com/after\", \"format\": \"png\"}");
        assertThat(normal.status()).as(normal.toString()).isEqualTo(201);
        BufferedImage image = Decoding.png(Base64.getDecoder().decode(normal.json().path("png").asText()));
        assertThat(Decoding.text(image)).isEqualTo("https://example.com/after");
    }
}
