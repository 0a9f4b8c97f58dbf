package dev.qrforge.it;

import static dev.qrforge.it.Api.get;
import static dev.qrforge.it.Api.post;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.UserAgents;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Campaigns: their CRUD and checks, workspace isolation, codes filed in and out of them and listed by them, the
 * analytics of a campaign as the sum of its codes' after real scans, and an audit entry for every change.
 */
class CampaignsIT extends ServerTest {

    private static final String CAMPAIGNS = "/api/v1/campaigns";

    private static JsonNode create(Map<String, Object> body) {
        Api.Reply reply = post(CAMPAIGNS, Api.json(body));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        assertThat(reply.header("Location").orElseThrow()).endsWith(CAMPAIGNS + "/" + reply.json().path("id").asText());
        return reply.json();
    }

    private static JsonNode create(String name) {
        return create(Map.of("name", name));
    }

    /** A name no other test run has used, as the suite's workspace outlives a run. */
    private static String unique(String name) {
        return name + " " + UUID.randomUUID().toString().substring(0, 8);
    }

    private static Api.Reply patch(String path, String json) {
        return Api.patchAs(Api.KEY, path, json);
    }

    private static JsonNode ok(Api.Reply reply) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json();
    }

    private static void refused(Api.Reply reply, int status, String field) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(status);
        assertThat(reply.json().path("error").path("field").asText()).as(reply.toString()).isEqualTo(field);
    }

    private static JsonNode code(String campaign) {
        Map<String, Object> body = new HashMap<>(Map.of("destinationUrl",
                "https://example.com/campaign/" + UUID.randomUUID()));
        if (campaign != null) {
            body.put("campaign", campaign);
        }
        return DynamicCodesIT.create(body);
    }

    private static List<String> ids(String listing) {
        List<String> ids = new ArrayList<>();
        ok(get(listing)).path("items").forEach(item -> ids.add(item.path("id").asText()));
        return ids;
    }

    @Test
    void campaignsAreCreatedListedFetchedPatchedAndDeletedWithinTheirWorkspace() {
        String name = unique("Spring sale");
        JsonNode created = create(Map.of("name", "  " + name + " ", "description", "Posters in the shops"));
        String id = created.path("id").asText();
        String path = CAMPAIGNS + "/" + id;
        assertThat(id).startsWith("cmp_");
        assertThat(created.path("name").asText()).isEqualTo(name);
        assertThat(created.path("description").asText()).isEqualTo("Posters in the shops");
        assertThat(created.path("codeCount").asLong()).isZero();
        assertThat(created.path("createdAt").asText()).isEqualTo(created.path("updatedAt").asText());
        assertThat(ok(get(path))).isEqualTo(created);

        JsonNode second = create(unique("Autumn"));
        JsonNode first = ok(get(CAMPAIGNS + "?limit=1"));
        assertThat(first.path("items").get(0).path("id").asText()).isEqualTo(second.path("id").asText());
        JsonNode next = ok(get(CAMPAIGNS + "?limit=1&cursor=" + first.path("nextCursor").asText()));
        assertThat(next.path("items").get(0).path("id").asText()).isEqualTo(id);
        assertThat(ids(CAMPAIGNS + "?limit=200&q=" + name.substring(name.length() - 8).toUpperCase()))
                .as("q finds by name, any case").containsExactly(id);

        String renamed = unique("Summer sale");
        JsonNode changed = ok(patch(path, "{\"name\": \"" + renamed + "\", \"description\": null}"));
        assertThat(changed.path("name").asText()).isEqualTo(renamed);
        assertThat(changed.path("description").isNull()).as("null removes the description").isTrue();
        assertThat(changed.path("createdAt")).isEqualTo(created.path("createdAt"));
        assertThat(ok(get(path))).isEqualTo(changed);
        assertThat(ok(patch(path, "{\"name\": \"" + renamed.toUpperCase() + "\"}")).path("name").asText())
                .as("a campaign may change its own name's case").isEqualTo(renamed.toUpperCase());

        refused(post(CAMPAIGNS, Api.json(Map.of("name", renamed.toLowerCase()))), 409, "name");
        refused(patch(CAMPAIGNS + "/" + second.path("id").asText(), "{\"name\": \"" + renamed + "\"}"), 409, "name");

        // Another workspace sees none of it and may take the same name.
        assertThat(Api.getAs(Api.OTHER_KEY, path).status()).isEqualTo(404);
        assertThat(Api.patchAs(Api.OTHER_KEY, path, "{\"name\": \"x\"}").status()).isEqualTo(404);
        assertThat(Api.deleteAs(Api.OTHER_KEY, path).status()).isEqualTo(404);
        assertThat(Api.getAs(Api.OTHER_KEY, path + "/analytics").status()).isEqualTo(404);
        assertThat(Api.getAs(Api.OTHER_KEY, CAMPAIGNS + "?limit=200").json().path("items").findValuesAsText("id"))
                .doesNotContain(id);
        Api.Reply theirs = Api.postAs(Api.OTHER_KEY, CAMPAIGNS, Api.json(Map.of("name", renamed)));
        assertThat(theirs.status()).as(theirs.toString()).isEqualTo(201);
        assertThat(Api.deleteAs(Api.OTHER_KEY, CAMPAIGNS + "/" + theirs.json().path("id").asText()).status())
                .isEqualTo(204);

        assertThat(Api.deleteAs(Api.KEY, path).status()).isEqualTo(204);
        assertThat(get(path).status()).isEqualTo(404);
        assertThat(get(path + "/analytics").status()).isEqualTo(404);
        assertThat(Api.deleteAs(Api.KEY, path).status()).isEqualTo(404);
        assertThat(Api.deleteAs(Api.KEY, CAMPAIGNS + "/" + second.path("id").asText()).status()).isEqualTo(204);
    }

    @Test
    void badCampaignsAreRefusedNamingTheField() {
        refused(post(CAMPAIGNS, Api.json(Map.of("description", "no name"))), 400, "name");
        refused(post(CAMPAIGNS, Api.json(Map.of("name", " "))), 400, "name");
        refused(post(CAMPAIGNS, Api.json(Map.of("name", "x".repeat(101)))), 400, "name");
        refused(post(CAMPAIGNS, Api.json(Map.of("name", "tab\u0007bell"))), 400, "name");
        refused(post(CAMPAIGNS, Api.json(Map.of("name", unique("Long"), "description", "d".repeat(1001)))), 400,
                "description");
        refused(post(CAMPAIGNS, Api.json(Map.of("name", unique("Extra"), "colour", "red"))), 400, "colour");
        refused(post(CAMPAIGNS, "{\"name\": 42}"), 400, "name");
        assertThat(post(CAMPAIGNS, "[]").json().path("error").path("code").asText()).isEqualTo("INVALID_JSON");
        refused(get(CAMPAIGNS + "?limit=0"), 400, "limit");
        refused(get(CAMPAIGNS + "?cursor=nonsense"), 400, "cursor");

        JsonNode campaign = create(Map.of("name", unique("Patched badly"), "description", "kept"));
        String path = CAMPAIGNS + "/" + campaign.path("id").asText();
        refused(patch(path, "{\"name\": null}"), 400, "name");
        refused(patch(path, "{\"name\": \"\"}"), 400, "name");
        refused(patch(path, "{\"description\": 7}"), 400, "description");
        refused(patch(path, "{\"codes\": []}"), 400, "codes");
        assertThat(patch(path, "[1]").json().path("error").path("code").asText()).isEqualTo("INVALID_JSON");
        assertThat(ok(get(path))).as("nothing changed").isEqualTo(campaign);
        assertThat(patch(CAMPAIGNS + "/cmp_none", "{\"name\": \"x\"}").status()).isEqualTo(404);
        refused(get(path + "/analytics?granularity=minute"), 400, "granularity");
        assertThat(Api.deleteAs(Api.KEY, path).status()).isEqualTo(204);
    }

    @Test
    void codesAreFiledInCampaignsMovedTakenOutAndListedByCampaign() {
        String a = create(unique("Filing A")).path("id").asText();
        String b = create(unique("Filing B")).path("id").asText();
        JsonNode first = code(a);
        String one = first.path("id").asText();
        assertThat(first.path("campaign").asText()).isEqualTo(a);
        String two = code(a).path("id").asText();
        String loose = code(null).path("id").asText();
        assertThat(ok(get("/api/v1/dynamic/" + loose)).path("campaign").isNull()).as("shown, as null").isTrue();
        assertThat(ok(get(CAMPAIGNS + "/" + a)).path("codeCount").asLong()).isEqualTo(2);
        assertThat(ids("/api/v1/dynamic?limit=200&campaign=" + a)).containsExactly(two, one);
        assertThat(ids("/api/v1/dynamic?limit=200&campaign=" + b)).isEmpty();
        assertThat(ids("/api/v1/dynamic?limit=200&campaign=none")).contains(loose).doesNotContain(one, two);

        // A campaign that is not the workspace's, or none, is a bad value of the field, on POST and PATCH.
        String theirs = Api.postAs(Api.OTHER_KEY, CAMPAIGNS, Api.json(Map.of("name", unique("Theirs")))).json()
                .path("id").asText();
        refused(post("/api/v1/dynamic", Api.json(Map.of("destinationUrl", "https://example.com/x", "campaign",
                theirs))), 400, "campaign");
        refused(post("/api/v1/dynamic", Api.json(Map.of("destinationUrl", "https://example.com/x", "campaign",
                "cmp_unknown"))), 400, "campaign");
        refused(DynamicCodesIT.patch(loose, "{\"campaign\": \"" + theirs + "\"}"), 400, "campaign");
        refused(DynamicCodesIT.patch(loose, "{\"campaign\": 5}"), 400, "campaign");
        assertThat(ok(get("/api/v1/dynamic/" + loose)).path("campaign").isNull()).as("nothing changed").isTrue();
        assertThat(Api.postAs(Api.OTHER_KEY, "/api/v1/dynamic", Api.json(Map.of("destinationUrl",
                "https://example.com/x", "campaign", a))).status()).as("nor theirs in ours").isEqualTo(400);

        assertThat(ok(DynamicCodesIT.patch(two, "{\"campaign\": \"" + b + "\"}")).path("campaign").asText())
                .isEqualTo(b);
        assertThat(ok(DynamicCodesIT.patch(loose, "{\"campaign\": \"" + b + "\"}")).path("campaign").asText())
                .isEqualTo(b);
        assertThat(ids("/api/v1/dynamic?limit=200&campaign=" + b)).containsExactly(loose, two);
        assertThat(ok(DynamicCodesIT.patch(loose, "{\"campaign\": null}")).path("campaign").isNull()).isTrue();
        assertThat(ok(get(CAMPAIGNS + "/" + a)).path("codeCount").asLong()).isEqualTo(1);
        assertThat(ok(get(CAMPAIGNS + "/" + b)).path("codeCount").asLong()).isEqualTo(1);

        // A deleted code leaves the count; a deleted campaign leaves its codes, uncampaigned.
        assertThat(Api.deleteAs(Api.KEY, "/api/v1/dynamic/" + one).status()).isEqualTo(204);
        assertThat(ok(get(CAMPAIGNS + "/" + a)).path("codeCount").asLong()).isZero();
        assertThat(Api.deleteAs(Api.KEY, CAMPAIGNS + "/" + b).status()).isEqualTo(204);
        JsonNode left = ok(get("/api/v1/dynamic/" + two));
        assertThat(left.path("campaign").isNull()).isTrue();
        assertThat(left.path("status").asText()).isEqualTo("active");
        assertThat(ids("/api/v1/dynamic?limit=200&campaign=none")).contains(two, loose);
        assertThat(Api.deleteAs(Api.KEY, CAMPAIGNS + "/" + a).status()).isEqualTo(204);
        assertThat(Api.deleteAs(Api.OTHER_KEY, CAMPAIGNS + "/" + theirs).status()).isEqualTo(204);
    }

    @Test
    void aCampaignsAnalyticsAreItsCodesAnalyticsAddedUpAndFollowACodeThatMoves() {
        String campaign = create(unique("Scanned")).path("id").asText();
        JsonNode first = code(campaign);
        JsonNode second = code(campaign);
        JsonNode outside = code(null);
        Map<JsonNode, List<String[]>> scans = Map.of(
                first, List.of(
                        new String[] {"User-Agent", UserAgents.IPHONE, "CF-IPCountry", "DE", "Accept-Language", "de"},
                        new String[] {"User-Agent", UserAgents.ANDROID_CHROME, "CF-IPCountry", "FR"},
                        new String[] {"User-Agent", UserAgents.GOOGLEBOT, "CF-IPCountry", "US"}),
                second, List.of(
                        new String[] {"User-Agent", UserAgents.IPHONE, "CF-IPCountry", "DE", "Accept-Language", "en"},
                        new String[] {"User-Agent", UserAgents.FIREFOX_WINDOWS, "CF-IPCountry", "US"},
                        new String[] {"User-Agent", UserAgents.SAFARI_MAC, "CF-IPCountry", "US"},
                        new String[] {"User-Agent", UserAgents.EDGE, "CF-IPCountry", "GB"}),
                outside, List.<String[]>of(new String[] {"User-Agent", UserAgents.OPERA, "CF-IPCountry", "PL"}));
        scans.forEach((code, headers) -> headers.forEach(h -> DynamicCodesIT.location(
                DynamicCodesIT.scan(code.path("shortUrl").asText(), h))));

        Instant now = Instant.now();
        String range = "?granularity=hour&from=" + now.minus(3, ChronoUnit.HOURS).truncatedTo(ChronoUnit.HOURS)
                + "&to=" + now.plus(2, ChronoUnit.HOURS).truncatedTo(ChronoUnit.HOURS);
        String analytics = CAMPAIGNS + "/" + campaign + "/analytics" + range;
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        for (JsonNode code : scans.keySet()) {
            String path = "/api/v1/qr/" + code.path("id").asText() + "/analytics" + range;
            while (allScans(ok(get(path))) < scans.get(code).size()) {
                assertThat(Instant.now()).as("scans flushed within a minute").isBefore(deadline);
                Api.pauseBeforePolling();
            }
        }

        JsonNode a = ok(get("/api/v1/qr/" + first.path("id").asText() + "/analytics" + range));
        JsonNode b = ok(get("/api/v1/qr/" + second.path("id").asText() + "/analytics" + range));
        JsonNode sum = ok(get(analytics));
        assertThat(sum.path("id").asText()).isEqualTo(campaign);
        assertThat(sum.path("totalScans").asLong()).isEqualTo(6)
                .isEqualTo(a.path("totalScans").asLong() + b.path("totalScans").asLong());
        assertThat(sum.path("uniqueScans").asLong())
                .isEqualTo(a.path("uniqueScans").asLong() + b.path("uniqueScans").asLong());
        assertThat(sum.path("botScans").asLong()).isEqualTo(1);
        for (String list : List.of("os", "devices", "browsers", "languages")) {
            assertThat(counts(sum.path(list), "name")).as(list)
                    .isEqualTo(added(counts(a.path(list), "name"), counts(b.path(list), "name")));
        }
        assertThat(counts(sum.path("geo"), "country")).isEqualTo(Map.of("DE", 2L, "US", 2L, "FR", 1L, "GB", 1L))
                .isEqualTo(added(counts(a.path("geo"), "country"), counts(b.path("geo"), "country")));
        assertThat(counts(sum.path("byDestination"), "destinationUrl")).isEqualTo(Map.of(
                first.path("destinationUrl").asText(), 2L, second.path("destinationUrl").asText(), 4L));
        assertThat(sum.path("timeline").size()).isEqualTo(a.path("timeline").size());
        for (int i = 0; i < sum.path("timeline").size(); i++) {
            JsonNode bucket = sum.path("timeline").get(i);
            assertThat(bucket.path("start")).isEqualTo(a.path("timeline").get(i).path("start"));
            assertThat(bucket.path("scans").asLong()).isEqualTo(a.path("timeline").get(i).path("scans").asLong()
                    + b.path("timeline").get(i).path("scans").asLong());
        }
        JsonNode top = sum.path("topCodes");
        assertThat(top.size()).isEqualTo(2);
        assertThat(top.get(0).path("id").asText()).isEqualTo(second.path("id").asText());
        assertThat(top.get(0).path("shortCode").asText()).isEqualTo(second.path("shortCode").asText());
        assertThat(top.get(0).path("scans").asLong()).isEqualTo(4);
        assertThat(top.get(1).path("id").asText()).isEqualTo(first.path("id").asText());
        assertThat(top.get(1).path("scans").asLong()).isEqualTo(2);

        // A code brings its history in and takes it out, as a tag's would.
        ok(DynamicCodesIT.patch(outside.path("id").asText(), "{\"campaign\": \"" + campaign + "\"}"));
        ok(DynamicCodesIT.patch(first.path("id").asText(), "{\"campaign\": null}"));
        JsonNode moved = ok(get(analytics));
        assertThat(moved.path("totalScans").asLong()).isEqualTo(5);
        assertThat(moved.path("botScans").asLong()).isZero();
        assertThat(counts(moved.path("geo"), "country")).isEqualTo(Map.of("DE", 1L, "US", 2L, "GB", 1L, "PL", 1L));
        assertThat(moved.path("topCodes").findValuesAsText("id"))
                .containsExactly(second.path("id").asText(), outside.path("id").asText());

        // A deleted code stays in the campaign's history, marked so, but no longer in its count.
        assertThat(Api.deleteAs(Api.KEY, "/api/v1/dynamic/" + outside.path("id").asText()).status()).isEqualTo(204);
        JsonNode afterDeletion = ok(get(analytics));
        assertThat(afterDeletion.path("totalScans").asLong()).isEqualTo(5);
        assertThat(afterDeletion.path("topCodes").get(1).path("id").asText()).isEqualTo(outside.path("id").asText());
        assertThat(afterDeletion.path("topCodes").get(1).path("deleted").asBoolean()).isTrue();
        assertThat(ok(get(CAMPAIGNS + "/" + campaign)).path("codeCount").asLong()).isEqualTo(1);

        String empty = create(unique("Empty")).path("id").asText();
        JsonNode none = ok(get(CAMPAIGNS + "/" + empty + "/analytics"));
        assertThat(none.path("totalScans").asLong()).isZero();
        assertThat(none.path("topCodes").size()).isZero();
        assertThat(none.path("timeline").size()).as("zeros over the default 30 days").isGreaterThan(0);
    }

    private static long allScans(JsonNode analytics) {
        return analytics.path("totalScans").asLong() + analytics.path("botScans").asLong();
    }

    private static Map<String, Long> counts(JsonNode list, String key) {
        Map<String, Long> counts = new HashMap<>();
        list.forEach(row -> counts.merge(row.path(key).asText(), row.path("scans").asLong(), Long::sum));
        return counts;
    }

    private static Map<String, Long> added(Map<String, Long> a, Map<String, Long> b) {
        Map<String, Long> sum = new HashMap<>(a);
        b.forEach((key, n) -> sum.merge(key, n, Long::sum));
        return sum;
    }

    @Test
    void everyChangeToACampaignAndToACodesCampaignIsAudited() {
        String id = create(Map.of("name", unique("Audited"), "description", "first")).path("id").asText();
        String path = CAMPAIGNS + "/" + id;
        ok(patch(path, "{\"description\": \"second\"}"));
        ok(patch(path, "{\"description\": \"second\"}"));
        String code = code(id).path("id").asText();
        ok(DynamicCodesIT.patch(code, "{\"campaign\": null}"));
        ok(DynamicCodesIT.patch(code, "{\"campaign\": \"" + id + "\"}"));
        assertThat(Api.deleteAs(Api.KEY, path).status()).isEqualTo(204);

        List<JsonNode> campaign = entries("resourceType=campaign&resourceId=" + id);
        assertThat(campaign).extracting(e -> e.path("action").asText())
                .as("newest first; the patch that changed nothing left none").containsExactly("delete", "update",
                        "create");
        assertThat(campaign.get(2).path("after").path("description").asText()).isEqualTo("first");
        assertThat(campaign.get(1).path("before").path("description").asText()).isEqualTo("first");
        assertThat(campaign.get(1).path("after").path("description").asText()).isEqualTo("second");
        assertThat(campaign.get(1).path("after").has("name")).as("only what changed").isFalse();
        assertThat(campaign.get(0).path("before").path("description").asText()).isEqualTo("second");

        List<JsonNode> filed = entries("resourceType=dynamic_code&resourceId=" + code);
        assertThat(filed).extracting(e -> e.path("action").asText())
                .containsExactly("update", "update", "update", "create");
        assertThat(filed.get(3).path("after").path("campaign").asText()).isEqualTo(id);
        assertThat(filed.get(2).path("before").path("campaign").asText()).isEqualTo(id);
        assertThat(filed.get(2).path("after").path("campaign").isNull()).isTrue();
        assertThat(filed.get(1).path("after").path("campaign").asText()).isEqualTo(id);
        assertThat(filed.get(0).path("before").path("campaign").asText()).as("taken out by the deletion")
                .isEqualTo(id);
        assertThat(filed.get(0).path("after").path("campaign").isNull()).isTrue();
    }

    private static List<JsonNode> entries(String query) {
        List<JsonNode> entries = new ArrayList<>();
        ok(get("/api/v1/audit?limit=200&" + query)).path("items").forEach(entries::add);
        return entries;
    }
}
