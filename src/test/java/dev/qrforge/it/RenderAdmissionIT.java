package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.render.RasterFiles;
import dev.qrforge.testing.Decoding;
import java.awt.image.BufferedImage;
import java.net.http.HttpRequest;
import java.nio.ByteBuffer;
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

    private static final ProvisionedServer SERVER = new ProvisionedServer("it-server-512m", 600,
            withHeap(ProvisionedServer.baseEnvironment(Api.KEY)));
    private static final String GRADIENT = "{\"bodyStyle\": \"rounded-pointed\", \"foregroundColor\": \"#1a237e\","
            + " \"gradientType\": \"radial\", \"gradientColor2\": \"#6a1b9a\"}";

    private static Map<String, String> withHeap(Map<String, String> environment) {
        environment.put("JBOSS_JAVA_SIZING", "-Xms512m -Xmx512m");
        return environment;
    }

    @BeforeAll
    static void start() throws Exception {
        SERVER.start(Api.KEY);
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
