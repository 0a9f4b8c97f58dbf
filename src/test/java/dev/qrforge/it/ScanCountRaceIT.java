package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * {@code scan_count} has one writer, the flush's increments: a PATCH that loaded the code before a flush committed
 * and wrote it back afterwards must not put the old count back. The server flushes every second (arquillian.xml),
 * so while scans and PATCHes run together for several seconds, flushes keep landing inside PATCH transactions.
 */
class ScanCountRaceIT extends ServerTest {

    /**
     * Per key and minute the tests' budget is it.generation-per-minute (pom.xml); each PATCH thread gets a key of its
     * own and stays below it.
     */
    private static final int PATCHES_PER_THREAD = 280;
    private static final int PATCH_THREADS = 2;
    private static final int SCAN_THREADS = 3;

    @Test
    void patchesRacingScansAndFlushesNeverLoseACount() throws Exception {
        // Fifty rules make each PATCH parse and validate for a while between reading the code and writing it.
        List<Map<String, Object>> rules = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            rules.add(Map.of("when", Map.of("country", List.of("DE")), "destinationUrl",
                    "https://example.com/rule/" + i));
        }
        JsonNode code = DynamicCodesIT.create(Map.of("destinationUrl", "https://example.com/race", "rules", rules));
        String id = code.path("id").asText();
        String shortUrl = code.path("shortUrl").asText();
        AtomicBoolean patching = new AtomicBoolean(true);
        ExecutorService threads = Executors.newFixedThreadPool(PATCH_THREADS + SCAN_THREADS);
        try {
            List<Future<Integer>> patchers = new ArrayList<>();
            for (int t = 0; t < PATCH_THREADS; t++) {
                String key = Api.post("/api/v1/api-keys", Api.json(Map.of("name", "race-" + t))).json().path("key")
                        .asText();
                int thread = t;
                patchers.add(threads.submit(() -> {
                    for (int i = 0; i < PATCHES_PER_THREAD; i++) {
                        Api.Reply reply = Api.patchAs(key, "/api/v1/dynamic/" + id,
                                Api.json(Map.of("title", "race " + thread + "/" + i, "rules", rules)));
                        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
                    }
                    return PATCHES_PER_THREAD;
                }));
            }
            List<Future<Integer>> scanners = new ArrayList<>();
            for (int t = 0; t < SCAN_THREADS; t++) {
                scanners.add(threads.submit(() -> {
                    int scans = 0;
                    while (patching.get()) {
                        DynamicCodesIT.location(DynamicCodesIT.scan(shortUrl));
                        scans++;
                    }
                    return scans;
                }));
            }
            for (Future<Integer> patcher : patchers) {
                assertThat(patcher.get(5, TimeUnit.MINUTES)).isEqualTo(PATCHES_PER_THREAD);
            }
            patching.set(false);
            long scanned = 0;
            for (Future<Integer> scanner : scanners) {
                scanned += scanner.get(1, TimeUnit.MINUTES);
            }
            assertThat(scanned).as("scans during the PATCHes").isGreaterThan(100);

            // Once every scan is flushed (the analytics count flushed events), the count must be every scan too.
            Instant deadline = Instant.now().plusSeconds(15);
            while (flushedScans(id) < scanned && Instant.now().isBefore(deadline)) {
                Api.pauseBeforePolling();
            }
            assertThat(flushedScans(id)).as("flushed scans").isEqualTo(scanned);
            assertThat(DynamicCodesIT.scanCount(id)).as("scanCount").isEqualTo(scanned);
        } finally {
            patching.set(false);
            threads.shutdownNow();
        }
    }

    private static long flushedScans(String id) {
        return Api.get("/api/v1/qr/" + id + "/analytics").json().path("totalScans").asLong();
    }
}
