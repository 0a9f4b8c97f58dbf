package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Titles, tags and the listings' filters over HTTP: every filter alone and combined, with cursor paging that neither
 * repeats nor skips a code. A tag unique to the run keeps other tests' codes out of the counts.
 */
class OrganisedListsIT extends ServerTest {

    private static final String KEY = Api.LIFECYCLE_KEY;

    private static JsonNode post(String path, Map<String, Object> body) {
        Api.Reply reply = Api.postAs(KEY, path, Api.json(body));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json();
    }

    private static Api.Reply list(String path, String query) {
        return Api.getAs(KEY, path + "?" + query);
    }

    /** Every page of a listing with {@code query}, {@code limit} at a time: the ids in the order served. */
    private static List<String> allPages(String path, String query, int limit) {
        List<String> ids = new ArrayList<>();
        String cursor = null;
        do {
            Api.Reply page = list(path, query + "&limit=" + limit + (cursor == null ? "" : "&cursor=" + cursor));
            assertThat(page.status()).as(page.toString()).isEqualTo(200);
            assertThat(page.json().path("items").size()).isLessThanOrEqualTo(limit);
            page.json().path("items").forEach(item -> ids.add(item.path("id").asText()));
            cursor = page.json().path("nextCursor").isTextual() ? page.json().path("nextCursor").asText() : null;
        } while (cursor != null);
        return ids;
    }

    private static List<String> reversed(List<String> ids) {
        List<String> reversed = new ArrayList<>(ids);
        Collections.reverse(reversed);
        return reversed;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @Test
    void filtersCombineWithPagingWithoutRepeatsOrGaps() {
        String run = "run-" + Long.toString(System.nanoTime(), 36);
        List<String> staticIds = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            staticIds.add(post("/api/v1/qr", Map.of("data", "https://example.com/" + run + "/" + i,
                    "title", i == 3 ? "Flyer 100%_off" : "Flyer " + i,
                    "tags", List.of(run, i % 2 == 0 ? "even" : "odd"))).path("id").asText());
        }
        List<String> dynamicIds = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            dynamicIds.add(post("/api/v1/dynamic", Map.of("destinationUrl", "https://shop.example.com/" + run + "/" + i,
                    "title", "Poster " + i, "tags", List.of(run), "status", i == 1 ? "paused" : "active"))
                    .path("id").asText());
        }
        String tag = "tag=" + run;

        List<String> everything = allPages("/api/v1/qr", tag, 3);
        assertThat(everything).hasSize(8).doesNotHaveDuplicates();
        JsonNode newest = list("/api/v1/qr", tag + "&limit=1").json().path("items").get(0);
        assertThat(newest.path("dynamic").asBoolean()).isTrue();
        assertThat(newest.path("dynamicId").asText()).isEqualTo(dynamicIds.get(2));
        assertThat(newest.path("tags")).extracting(JsonNode::asText).containsExactly(run);
        assertThat(newest.path("title").asText()).isEqualTo("Poster 2");

        assertThat(allPages("/api/v1/qr", tag + "&type=static", 2)).containsExactlyElementsOf(
                reversed(staticIds));
        assertThat(allPages("/api/v1/qr", tag + "&type=dynamic", 2)).hasSize(3);
        assertThat(allPages("/api/v1/qr", "tag=even&type=static&q=" + run, 1)).as("filters combine")
                .containsExactly(staticIds.get(4), staticIds.get(2), staticIds.get(0));
        assertThat(allPages("/api/v1/qr", tag + "&q=" + encode("100%_OFF"), 2)).as("wildcards are literal, case ignored")
                .containsExactly(staticIds.get(3));
        assertThat(allPages("/api/v1/qr", tag + "&q=" + encode("%"), 2)).containsExactly(staticIds.get(3));
        assertThat(allPages("/api/v1/qr", tag + "&status=paused", 2)).hasSize(1);
        assertThat(allPages("/api/v1/dynamic", tag + "&status=paused", 2)).containsExactly(dynamicIds.get(1));
        assertThat(allPages("/api/v1/dynamic", "q=" + encode("SHOP.example.com/" + run), 2))
                .as("the destination is searched").containsExactlyElementsOf(reversed(dynamicIds));
        assertThat(allPages("/api/v1/dynamic", tag + "&q=poster%201", 2)).as("and the title")
                .containsExactly(dynamicIds.get(1));

        // The created range splits the codes exactly: from is inclusive, to exclusive.
        String middle = Api.getAs(KEY, "/api/v1/qr/" + staticIds.get(2)).json().path("createdAt").asText();
        List<String> from = allPages("/api/v1/qr", tag + "&createdFrom=" + middle, 2);
        List<String> to = allPages("/api/v1/qr", tag + "&createdTo=" + middle, 2);
        assertThat(from).contains(staticIds.get(2)).doesNotContainAnyElementsOf(to);
        List<String> both = new ArrayList<>(from);
        both.addAll(to);
        assertThat(both).containsExactlyInAnyOrderElementsOf(everything);
    }

    @Test
    void aCodeCreatedWhilePagingNeitherRepeatsNorShiftsThePages() {
        String run = "page-" + Long.toString(System.nanoTime(), 36);
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            created.add(post("/api/v1/qr", Map.of("data", "paging " + i, "tags", List.of(run))).path("id").asText());
        }
        Api.Reply first = list("/api/v1/qr", "tag=" + run + "&limit=4");
        String cursor = first.json().path("nextCursor").asText();
        post("/api/v1/qr", Map.of("data", "paging late", "tags", List.of(run)));
        Api.Reply second = list("/api/v1/qr", "tag=" + run + "&limit=4&cursor=" + cursor);

        List<String> served = new ArrayList<>();
        first.json().path("items").forEach(item -> served.add(item.path("id").asText()));
        second.json().path("items").forEach(item -> served.add(item.path("id").asText()));
        assertThat(served).containsExactlyElementsOf(reversed(created));
    }

    @Test
    void labelsChangeByMergePatchAndBadFiltersNameTheirParameter() {
        String run = "label-" + Long.toString(System.nanoTime(), 36);
        JsonNode code = post("/api/v1/qr", Map.of("data", "relabel me", "title", "Before", "tags", List.of(run)));
        String id = code.path("id").asText();
        Api.Reply patched = Api.patchAs(KEY, "/api/v1/qr/" + id, "{\"title\": null, \"tags\": [\"" + run
                + "-moved\"]}");
        assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
        assertThat(patched.json().path("title").isNull()).isTrue();
        assertThat(allPages("/api/v1/qr", "tag=" + run, 5)).isEmpty();
        assertThat(allPages("/api/v1/qr", "tag=" + run + "-moved", 5)).containsExactly(id);
        assertThat(Api.getAs(KEY, "/api/v1/qr/" + id).json().path("data").asText()).isEqualTo("relabel me");

        JsonNode dynamic = post("/api/v1/dynamic", Map.of("destinationUrl", "https://example.com/relabel"));
        Api.Reply tagged = Api.patchAs(KEY, "/api/v1/dynamic/" + dynamic.path("id").asText(),
                "{\"tags\": [\"" + run + "-dyn\"], \"status\": \"paused\"}");
        assertThat(tagged.status()).as(tagged.toString()).isEqualTo(200);
        assertThat(tagged.json().path("tags")).extracting(JsonNode::asText).containsExactly(run + "-dyn");
        JsonNode item = list("/api/v1/qr", "tag=" + run + "-dyn&status=paused").json().path("items").get(0);
        assertThat(item.path("id").asText()).as("the QR record follows its code's status")
                .isEqualTo(dynamic.path("qr").path("id").asText());

        Map<String, String> refused = Map.of(
                "/api/v1/qr?type=animated", "type",
                "/api/v1/qr?status=sleeping", "status",
                "/api/v1/dynamic?status=sleeping", "status",
                "/api/v1/qr?tag=" + encode("a|b"), "tag",
                "/api/v1/qr?createdFrom=yesterday", "createdFrom",
                "/api/v1/dynamic?createdFrom=2026-02-01T00:00:00Z&createdTo=2026-01-01T00:00:00Z", "createdTo");
        refused.forEach((path, field) -> {
            Api.Reply reply = Api.getAs(KEY, path);
            assertThat(reply.status()).as(path).isEqualTo(400);
            assertThat(reply.json().path("error").path("field").asText()).as(path).isEqualTo(field);
        });
        Api.Reply badTag = Api.patchAs(KEY, "/api/v1/qr/" + id, "{\"tags\": [\"ok\", \"a|b\"]}");
        assertThat(badTag.status()).isEqualTo(400);
        assertThat(badTag.json().path("error").path("field").asText()).isEqualTo("tags[1]");
        Api.Reply data = Api.patchAs(KEY, "/api/v1/qr/" + id, "{\"data\": \"changed\"}");
        assertThat(data.status()).isEqualTo(400);
        assertThat(data.json().path("error").path("field").asText()).isEqualTo("data");
    }
}
