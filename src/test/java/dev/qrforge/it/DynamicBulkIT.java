package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.Decoding;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Dynamic codes in bulk: made by the bulk job, each one redirecting; and changed in bulk, each code on its own. */
class DynamicBulkIT extends ServerTest {

    private static final String BULK = "/api/v1/dynamic/bulk";

    static Api.Reply submit(Object body, String... headers) {
        HttpRequest.Builder request = Api.request(BULK).header("Content-Type", "application/json");
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return Api.send(request.POST(HttpRequest.BodyPublishers.ofString(Api.json(body))));
    }

    private static Api.Reply change(Object body, String... headers) {
        HttpRequest.Builder request = Api.request(BULK).header("Content-Type", "application/json");
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return Api.send(request.method("PATCH", HttpRequest.BodyPublishers.ofString(Api.json(body))));
    }

    private static JsonNode changed(Object body, String... headers) {
        Api.Reply reply = change(body, headers);
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json();
    }

    private static String destination(String tag, int i) {
        return "https://example.com/" + tag + "/" + i;
    }

    /** {@code count} items, each to its own destination and tagged {@code tag}, in the varied looks of static bulk. */
    static List<Map<String, Object>> items(int count, String tag) {
        List<Map<String, Object>> items = BulkIT.items(count, tag);
        for (Map<String, Object> item : items) {
            item.put("destinationUrl", item.remove("data"));
            item.put("tags", List.of(tag));
        }
        return items;
    }

    /** The dynamic codes tagged {@code tag}, across all pages. */
    static List<JsonNode> tagged(String tag) {
        List<JsonNode> all = new ArrayList<>();
        String cursor = "";
        do {
            JsonNode page = Api.get("/api/v1/dynamic?limit=100&tag=" + tag + cursor).json();
            page.path("items").forEach(all::add);
            cursor = page.path("nextCursor").isNull() ? null : "&cursor=" + page.path("nextCursor").asText();
        } while (cursor != null);
        return all;
    }

    @Test
    void twoHundredDynamicCodesAllRedirectAndTheirArchiveNamesTheirLinks() throws IOException {
        String tag = "bulk-" + UUID.randomUUID().toString().substring(0, 8);
        Api.Reply accepted = submit(Map.of("defaults", Map.of("size", 200), "items", items(200, tag)));
        assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);
        String jobId = accepted.json().path("jobId").asText();
        assertThat(accepted.json().path("kind").asText()).isEqualTo("dynamic");
        assertThat(accepted.header("Location")).hasValue(Api.BASE_URL + "/api/v1/qr/bulk/" + jobId);

        JsonNode job = BulkIT.awaitFinished(jobId);
        assertThat(job.path("status").asText()).isEqualTo("COMPLETED");
        assertThat(job.path("kind").asText()).isEqualTo("dynamic");
        assertThat(job.path("succeeded").asInt()).isEqualTo(200);
        assertThat(job.path("results")).hasSize(200);
        Set<String> shortCodes = new HashSet<>();
        for (JsonNode result : job.path("results")) {
            int i = result.path("index").asInt();
            String shortUrl = result.path("shortUrl").asText();
            assertThat(shortUrl).isEqualTo(Api.BASE_URL + "/s/" + result.path("shortCode").asText());
            shortCodes.add(result.path("shortCode").asText());
            assertThat(DynamicCodesIT.location(DynamicCodesIT.scan(shortUrl))).as("item " + i)
                    .isEqualTo(destination(tag, i));
            if (i == 0) {
                JsonNode code = Api.get("/api/v1/dynamic/" + result.path("id").asText()).json();
                assertThat(code.path("shortCode").asText()).isEqualTo(result.path("shortCode").asText());
                assertThat(code.path("qr").path("id").asText()).isEqualTo(result.path("qrCodeId").asText());
                assertThat(code.path("tags").get(0).asText()).isEqualTo(tag);
            }
        }
        assertThat(shortCodes).hasSize(200);
        assertThat(tagged(tag)).as("one code per item").hasSize(200);

        Map<String, byte[]> files = BulkIT.unzip(Api.get("/api/v1/qr/bulk/" + jobId + "/archive").bytes());
        assertThat(files).hasSize(201);
        String[] manifest = new String(files.get("manifest.csv"), StandardCharsets.UTF_8).split("\n");
        assertThat(manifest).hasSize(201);
        assertThat(manifest[0]).isEqualTo("index,id,shortCode,shortUrl,qrCodeId,file,status,score");
        JsonNode first = job.path("results").get(0);
        assertThat(manifest[1]).startsWith("0," + first.path("id").asText() + "," + first.path("shortCode").asText()
                + "," + first.path("shortUrl").asText() + "," + first.path("qrCodeId").asText() + ",001.svg,");
        assertThat(Decoding.svgText(new String(files.get("001.svg"), StandardCharsets.UTF_8)))
                .isEqualTo(first.path("shortUrl").asText());
        assertThat(Decoding.pngText(files.get("002.png"))).isEqualTo(job.path("results").get(1).path("shortUrl")
                .asText());

        // 201 codes with the tag: a bulk change selects at most 200.
        DynamicCodesIT.create(Map.of("destinationUrl", destination(tag, 200), "tags", List.of(tag)));
        Api.Reply tooMany = change(Map.of("filter", Map.of("tag", tag), "patch", Map.of("status", "paused")));
        assertThat(tooMany.status()).as(tooMany.toString()).isEqualTo(400);
        assertThat(tooMany.json().path("error").path("field").asText()).isEqualTo("filter");
        assertThat(DynamicCodesIT.location(DynamicCodesIT.scan(first.path("shortUrl").asText())))
                .as("nothing changed").isEqualTo(destination(tag, 0));
    }

    @Test
    void invalidItemsAreNamedAndNothingStarts() {
        String tag = "invalid-" + UUID.randomUUID().toString().substring(0, 8);
        String taken = DynamicCodesIT.create(Map.of("destinationUrl", "https://example.com/taken")).path("shortCode")
                .asText();
        Map<String, Object> bodies = new java.util.LinkedHashMap<>();
        bodies.put("items[3].destinationUrl", item(3, "destinationUrl", "ftp://example.com"));
        bodies.put("items[2].password", item(2, "password", "secret"));
        bodies.put("items[1].rules", item(1, "rules", "not rules"));
        bodies.put("items[4].size", item(4, "size", 50));
        bodies.put("items[0].unknown", item(0, "unknown", 1));
        bodies.put("items[5].shortCode", item(5, "shortCode", taken));
        bodies.put("items[6].expiresAt", item(6, "expiresAt", "tomorrow"));
        bodies.forEach((field, items) -> {
            Api.Reply reply = submit(Map.of("items", items));
            assertThat(reply.status()).as(field + " -> " + reply).isIn(400, 409);
            assertThat(reply.json().path("error").path("field").asText()).as(reply.toString()).startsWith(field);
        });
        List<Map<String, Object>> twins = items(3, tag);
        twins.get(0).put("shortCode", "twin-" + tag);
        twins.get(2).put("shortCode", "twin-" + tag);
        Api.Reply twin = submit(Map.of("items", twins));
        assertThat(twin.status()).isEqualTo(409);
        assertThat(twin.json().path("error").path("field").asText()).isEqualTo("items[2].shortCode");
        assertThat(submit(Map.of("items", items(201, tag))).json().path("error").path("field").asText())
                .isEqualTo("items");
        assertThat(submit(Map.of("defaults", Map.of("format", "gif"), "items", items(1, tag))).json()
                .path("error").path("field").asText()).isEqualTo("defaults.format");
        assertThat(tagged(tag)).as("no job started").isEmpty();
    }

    private static List<Map<String, Object>> item(int index, String field, Object value) {
        List<Map<String, Object>> items = items(index + 2, "invalid");
        items.get(index).put(field, value);
        return items;
    }

    @Test
    void csvRowsBecomeCodesWithTheirLabelsAndCampaign() {
        String tag = "csv-" + UUID.randomUUID().toString().substring(0, 8);
        String csv = "destinationUrl,shortCode,title,tags,utm.source,filename,format\n"
                + "https://example.com/csv/menu,menu-" + tag + ",Menu,\"" + tag + "|print\",flyer,menu,png\n"
                + "\"https://example.com/csv/search?a=1,b=2\",,,\"" + tag + "\",,,\n";
        Api.Reply accepted = Api.send(Api.request(BULK).header("Content-Type", "text/csv")
                .POST(HttpRequest.BodyPublishers.ofString(csv)));
        assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);
        JsonNode job = BulkIT.awaitFinished(accepted.json().path("jobId").asText());
        assertThat(job.path("succeeded").asInt()).as(job.toString()).isEqualTo(2);
        JsonNode menu = job.path("results").get(0);
        assertThat(menu.path("shortCode").asText()).isEqualTo("menu-" + tag);
        assertThat(menu.path("filename").asText()).isEqualTo("menu.png");
        JsonNode code = Api.get("/api/v1/dynamic/" + menu.path("id").asText()).json();
        assertThat(code.path("title").asText()).isEqualTo("Menu");
        assertThat(code.path("tags").toString()).isEqualTo("[\"" + tag + "\",\"print\"]");
        assertThat(DynamicCodesIT.location(DynamicCodesIT.scan(menu.path("shortUrl").asText())))
                .isEqualTo("https://example.com/csv/menu?utm_source=flyer");
        assertThat(DynamicCodesIT.location(DynamicCodesIT.scan(job.path("results").get(1).path("shortUrl").asText())))
                .isEqualTo("https://example.com/csv/search?a=1,b=2");

        Api.Reply bad = Api.send(Api.request(BULK).header("Content-Type", "text/csv")
                .POST(HttpRequest.BodyPublishers.ofString("destinationUrl,maxScans\nhttps://example.com,many\n")));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().path("error").path("field").asText()).isEqualTo("items[0].maxScans");
        Api.Reply noDestination = Api.send(Api.request(BULK).header("Content-Type", "text/csv")
                .POST(HttpRequest.BodyPublishers.ofString("data\nhttps://example.com\n")));
        assertThat(noDestination.json().path("error").path("field").asText()).isEqualTo("destinationUrl");
    }

    @Test
    void anIdempotencyKeyReturnsTheSameJob() {
        String tag = "idem-" + UUID.randomUUID().toString().substring(0, 8);
        String key = UUID.randomUUID().toString();
        String first = submit(Map.of("items", items(3, tag)), "Idempotency-Key", key).json().path("jobId").asText();
        Api.Reply again = submit(Map.of("items", items(3, tag)), "Idempotency-Key", key);
        assertThat(again.status()).isEqualTo(202);
        assertThat(again.json().path("jobId").asText()).isEqualTo(first);
        BulkIT.awaitFinished(first);
        assertThat(tagged(tag)).as("the replay made no codes").hasSize(3);
    }

    @Test
    void aChangeByIdsAppliesToEachCodeAloneAndIsAuditedPerCode() {
        String tag = "ids-" + UUID.randomUUID().toString().substring(0, 8);
        JsonNode a = DynamicCodesIT.create(Map.of("destinationUrl", destination(tag, 0)));
        JsonNode b = DynamicCodesIT.create(Map.of("destinationUrl", destination(tag, 1)));
        // Not valid before next month: it cannot expire sooner, so it fails alone.
        JsonNode later = DynamicCodesIT.create(Map.of("destinationUrl", destination(tag, 2), "validFrom",
                Instant.now().plus(30, ChronoUnit.DAYS).toString()));
        String expiresAt = Instant.now().plus(7, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS).toString();
        List<String> ids = List.of(a.path("id").asText(), "dyn_unknown", later.path("id").asText(),
                b.path("id").asText());
        JsonNode answer = changed(Map.of("ids", ids, "patch", Map.of("destinationUrl", destination(tag, 9),
                "tags", List.of(tag), "expiresAt", expiresAt)));
        assertThat(answer.path("selected").asInt()).isEqualTo(4);
        assertThat(answer.path("succeeded").asInt()).isEqualTo(2);
        assertThat(answer.path("failed").asInt()).isEqualTo(2);
        JsonNode results = answer.path("results");
        assertThat(results.get(0).path("ok").asBoolean()).isTrue();
        assertThat(results.get(0).path("code").path("destinationUrl").asText()).isEqualTo(destination(tag, 9));
        assertThat(results.get(1).path("ok").asBoolean()).isFalse();
        assertThat(results.get(1).path("error").path("code").asText()).isEqualTo("NOT_FOUND");
        assertThat(results.get(1).path("error").path("field").asText()).isEqualTo("ids[1]");
        assertThat(results.get(2).path("ok").asBoolean()).isFalse();
        assertThat(results.get(2).path("error").path("code").asText()).isEqualTo("INVALID_PARAMETER");
        assertThat(results.get(2).path("error").path("field").asText()).isEqualTo("validFrom");
        assertThat(results.get(3).path("code").path("tags").toString()).isEqualTo("[\"" + tag + "\"]");

        for (JsonNode code : List.of(a, b)) {
            assertThat(DynamicCodesIT.location(DynamicCodesIT.scan(code.path("shortUrl").asText())))
                    .isEqualTo(destination(tag, 9));
            JsonNode entries = Api.get("/api/v1/audit?action=update&resourceType=dynamic_code&resourceId="
                    + code.path("id").asText()).json().path("items");
            assertThat(entries).as("one entry for the change").hasSize(1);
            assertThat(entries.get(0).path("after").path("destinationUrl").asText()).isEqualTo(destination(tag, 9));
        }
        JsonNode unchanged = Api.get("/api/v1/dynamic/" + later.path("id").asText()).json();
        assertThat(unchanged.path("destinationUrl").asText()).as("all or nothing").isEqualTo(destination(tag, 2));
        assertThat(unchanged.path("tags")).isEmpty();
        assertThat(Api.get("/api/v1/audit?action=update&resourceType=dynamic_code&resourceId="
                + later.path("id").asText()).json().path("items")).isEmpty();
    }

    @Test
    void aChangeByFilterPausesTheCodesWhichStopRedirecting() {
        String tag = "filter-" + UUID.randomUUID().toString().substring(0, 8);
        List<JsonNode> codes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            codes.add(DynamicCodesIT.create(Map.of("destinationUrl", destination(tag, i), "tags", List.of(tag))));
        }
        JsonNode other = DynamicCodesIT.create(Map.of("destinationUrl", destination(tag, 3)));
        for (JsonNode code : codes) {
            DynamicCodesIT.location(DynamicCodesIT.scan(code.path("shortUrl").asText()));
        }
        JsonNode answer = changed(Map.of("filter", Map.of("tag", tag), "patch", Map.of("status", "paused")));
        assertThat(answer.path("succeeded").asInt()).isEqualTo(3);
        List<String> changed = new ArrayList<>();
        answer.path("results").forEach(result -> changed.add(result.path("id").asText()));
        assertThat(changed).containsExactlyInAnyOrderElementsOf(
                codes.stream().map(code -> code.path("id").asText()).toList());
        for (JsonNode code : codes) {
            assertThat(DynamicCodesIT.scan(code.path("shortUrl").asText()).statusCode()).as("paused")
                    .isNotEqualTo(302);
            assertThat(Api.get("/api/v1/dynamic/" + code.path("id").asText()).json().path("status").asText())
                    .isEqualTo("paused");
        }
        assertThat(DynamicCodesIT.location(DynamicCodesIT.scan(other.path("shortUrl").asText())))
                .as("not selected").isEqualTo(destination(tag, 3));
    }

    @Test
    void aChangeIsRefusedWholeWhenItsSelectionOrPatchIsMalformed() {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 201; i++) {
            many.add("dyn_" + i);
        }
        Map<Map<String, Object>, String> fieldOfBody = Map.of(
                Map.of("ids", many, "patch", Map.of("status", "paused")), "ids",
                Map.of("ids", List.of("dyn_a", "dyn_a"), "patch", Map.of("status", "paused")), "ids[1]",
                Map.of("patch", Map.of("status", "paused")), "ids",
                Map.of("ids", List.of("dyn_a"), "filter", Map.of(), "patch", Map.of("status", "paused")), "ids",
                Map.of("ids", List.of("dyn_a"), "patch", Map.of("rules", List.of())), "patch.rules",
                Map.of("ids", List.of("dyn_a")), "patch",
                Map.of("filter", Map.of("status", "sleeping"), "patch", Map.of("status", "paused")), "filter.status");
        fieldOfBody.forEach((body, field) -> {
            Api.Reply reply = change(body);
            assertThat(reply.status()).as(body + " -> " + reply).isEqualTo(400);
            assertThat(reply.json().path("error").path("field").asText()).as(body.toString()).isEqualTo(field);
        });
    }

    /** A value wrong whatever the code is refused once, before any code changes, not reported for every code. */
    @Test
    void aMalformedValueRefusesTheWholeChange() {
        String tag = "malformed-" + UUID.randomUUID().toString().substring(0, 8);
        String id = DynamicCodesIT.create(Map.of("destinationUrl", destination(tag, 0))).path("id").asText();
        for (Map<String, Object> patch : List.<Map<String, Object>>of(Map.of("expiresAt", ""),
                Map.of("status", "sleeping"), Map.of("tags", List.of("a|b")))) {
            Api.Reply refused = change(Map.of("ids", List.of(id), "patch", patch));
            assertThat(refused.status()).as("%s: %s", patch, refused).isEqualTo(400);
            assertThat(refused.json().path("error").path("field").asText())
                    .isEqualTo("patch." + patch.keySet().iterator().next());
        }
    }

    @Test
    void anIdempotencyKeyReplaysTheAnswerWithoutChangingAgain() {
        String tag = "replay-" + UUID.randomUUID().toString().substring(0, 8);
        JsonNode code = DynamicCodesIT.create(Map.of("destinationUrl", destination(tag, 0)));
        String id = code.path("id").asText();
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = Map.of("ids", List.of(id), "patch", Map.of("destinationUrl", destination(tag, 1)));
        JsonNode first = changed(body, "Idempotency-Key", key);
        assertThat(DynamicCodesIT.patch(id, Api.json(Map.of("destinationUrl", destination(tag, 2)))).status())
                .isEqualTo(200);
        JsonNode replayed = changed(body, "Idempotency-Key", key);
        assertThat(replayed).isEqualTo(first);
        assertThat(Api.get("/api/v1/dynamic/" + id).json().path("destinationUrl").asText())
                .as("the replay changed nothing").isEqualTo(destination(tag, 2));
        assertThat(change(body, "Idempotency-Key", "").status()).isEqualTo(400);
        Api.Reply reused = change(Map.of("ids", List.of(id), "patch", Map.of("status", "paused")), "Idempotency-Key", key);
        assertThat(reused.status()).as("the key sent with another change: %s", reused).isEqualTo(422);
        assertThat(reused.json().path("error").path("field").asText()).isEqualTo("Idempotency-Key");
    }

    /**
     * A dynamic job still running when the server stops ({@link RestartIT}) is resumed: every item gets its code,
     * once, and every code redirects.
     */
    static Executable aDynamicJobInterruptedByARestart() {
        String tag = "restart-" + UUID.randomUUID().toString().substring(0, 8);
        String jobId = submit(Map.of("defaults", Map.of("size", 1000, "format", "png"), "items", items(200, tag)))
                .json().path("jobId").asText();
        return () -> {
            JsonNode job = BulkIT.awaitFinished(jobId);
            assertThat(job.path("status").asText()).isEqualTo("COMPLETED");
            assertThat(job.path("succeeded").asInt()).as(job.path("errors").toString()).isEqualTo(200);
            assertThat(tagged(tag)).as("one code per item, none twice").hasSize(200);
            for (JsonNode result : job.path("results")) {
                assertThat(DynamicCodesIT.location(DynamicCodesIT.scan(result.path("shortUrl").asText())))
                        .isEqualTo(destination(tag, result.path("index").asInt()));
            }
        };
    }
}
