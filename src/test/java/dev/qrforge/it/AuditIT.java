package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The audit log: an entry per change with its actor, address and changed fields, never a secret; paging, filters and
 * the CSV export; one workspace's entries hidden from another; a rolled-back change leaves none. Every change here is
 * made by a key of this test's own, so its entries are told apart from the other tests' by {@code actor}.
 */
class AuditIT extends ServerTest {

    private static final String AUDIT = "/api/v1/audit";
    /** Loopback is a trusted proxy on the tests' server, so this is the address the entries must name. */
    private static final String CLIENT_ADDRESS = "203.0.113.77";

    private static String actor;
    private static String key;
    private static final List<String> SECRETS = new ArrayList<>();

    /** Once, when the first test runs: the suite's server is up only from then on. */
    @BeforeEach
    void issueTheActorsKey() {
        if (key != null) {
            return;
        }
        Api.Reply issued = Api.postAs(Api.KEY, "/api/v1/api-keys", Api.json(Map.of("name", "audited", "scopes",
                List.of("qr:read", "qr:write", "dynamic:write", "analytics:erase", "keys:admin", "audit:read"))));
        assertThat(issued.status()).as(issued.toString()).isEqualTo(201);
        actor = issued.json().path("id").asText();
        key = issued.json().path("key").asText();
    }

    private static Api.Reply call(String method, String path, Object body) {
        HttpRequest.Builder request = Api.requestAs(key, path).header("X-Forwarded-For", CLIENT_ADDRESS);
        if (body == null) {
            return Api.send(request.method(method, HttpRequest.BodyPublishers.noBody()));
        }
        return Api.send(request.header("Content-Type", method.equals("PATCH") ? "application/merge-patch+json"
                : "application/json").method(method, HttpRequest.BodyPublishers.ofString(Api.json(body))));
    }

    private static JsonNode ok(Api.Reply reply, int status) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(status);
        return reply.status() == 204 ? null : reply.json();
    }

    /** Every entry of the actor's that matches {@code query}, newest first, across all pages. */
    private static List<JsonNode> entries(String credential, String query) {
        List<JsonNode> all = new ArrayList<>();
        String cursor = "";
        do {
            JsonNode page = ok(Api.getAs(credential, AUDIT + "?limit=200&" + query + cursor), 200);
            page.path("items").forEach(all::add);
            cursor = page.path("nextCursor").isNull() ? null : "&cursor=" + page.path("nextCursor").asText();
        } while (cursor != null);
        return all;
    }

    private static JsonNode only(String query) {
        List<JsonNode> found = entries(key, "actor=" + actor + "&" + query);
        assertThat(found).as(query).hasSize(1);
        JsonNode entry = found.get(0);
        assertThat(entry.path("actor").asText()).isEqualTo(actor);
        assertThat(entry.path("address").asText()).isEqualTo(CLIENT_ADDRESS);
        assertThat(entry.path("requestId").asText()).startsWith("req_");
        return entry;
    }

    private static JsonNode only(String action, String resourceType, String resourceId) {
        return only("action=" + action + "&resourceType=" + resourceType + "&resourceId=" + resourceId);
    }

    @Test
    void everyKindOfChangeIsOneEntryWithItsActorAddressAndChangedFieldsAndNoSecret() {
        // QR codes: create, relabel, delete.
        String qr = ok(call("POST", "/api/v1/qr", Map.of("data", "https://example.com/audited", "title", "First")),
                201).path("id").asText();
        ok(call("PATCH", "/api/v1/qr/" + qr, Map.of("title", "Second")), 200);
        ok(call("DELETE", "/api/v1/qr/" + qr, null), 204);
        assertThat(only("create", "qr_code", qr).path("after").path("data").asText())
                .isEqualTo("https://example.com/audited");
        JsonNode relabelled = only("update", "qr_code", qr);
        assertThat(relabelled.path("before").toString()).isEqualTo("{\"title\":\"First\"}");
        assertThat(relabelled.path("after").toString()).isEqualTo("{\"title\":\"Second\"}");
        JsonNode deleted = only("delete", "qr_code", qr);
        assertThat(deleted.path("before").path("title").asText()).isEqualTo("Second");
        assertThat(deleted.path("after").toString()).isEqualTo("{}");

        // Dynamic codes: create, patch (routing, status, expiry, campaign, restyle of its QR record), delete, erase.
        JsonNode dynamic = ok(call("POST", "/api/v1/dynamic", Map.of("destinationUrl", "https://example.com/a")), 201);
        String dyn = dynamic.path("id").asText();
        String dynQr = dynamic.path("qr").path("id").asText();
        assertThat(only("create", "dynamic_code", dyn).path("after").path("destinationUrl").asText())
                .isEqualTo("https://example.com/a");
        only("create", "qr_code", dynQr);
        ok(call("PATCH", "/api/v1/dynamic/" + dyn, Map.of("destinationUrl", "https://example.com/b", "status", "paused",
                "expiresAt", "2030-01-01T00:00:00Z", "utm", Map.of("source", "flyer"), "size", 640)), 200);
        JsonNode patched = only("update", "dynamic_code", dyn);
        assertThat(patched.path("before").toString()).isEqualTo("{\"destinationUrl\":\"https://example.com/a\","
                + "\"status\":\"active\",\"utm\":null,\"expiresAt\":null}");
        assertThat(patched.path("after").path("destinationUrl").asText()).isEqualTo("https://example.com/b");
        assertThat(patched.path("after").path("status").asText()).isEqualTo("paused");
        assertThat(patched.path("after").path("expiresAt").asText()).isEqualTo("2030-01-01T00:00:00Z");
        assertThat(patched.path("after").path("utm").path("source").asText()).isEqualTo("flyer");
        JsonNode restyled = only("update", "qr_code", dynQr);
        assertThat(restyled.path("before").path("size").asInt()).isNotEqualTo(640);
        assertThat(restyled.path("after").size()).as("only the size changed").isOne();
        assertThat(restyled.path("after").path("size").asInt()).isEqualTo(640);
        ok(call("DELETE", "/api/v1/dynamic/" + dyn + "?erase=true", null), 204);
        assertThat(only("erase", "dynamic_code", dyn).path("before").path("destinationUrl").asText())
                .isEqualTo("https://example.com/b");
        only("delete", "qr_code", dynQr);
        String kept = ok(call("POST", "/api/v1/dynamic", Map.of("destinationUrl", "https://example.com/c")), 201)
                .path("id").asText();
        ok(call("DELETE", "/api/v1/dynamic/" + kept, null), 204);
        only("delete", "dynamic_code", kept);

        // API keys: create (the key itself never recorded), revoke.
        JsonNode issued = ok(call("POST", "/api/v1/api-keys", Map.of("name", "till", "scopes", List.of("qr:read"))),
                201);
        SECRETS.add(issued.path("key").asText());
        String keyId = issued.path("id").asText();
        ok(call("DELETE", "/api/v1/api-keys/" + keyId, null), 204);
        JsonNode keyCreated = only("create", "api_key", keyId);
        assertThat(keyCreated.path("after").path("key").asText()).isEqualTo("[redacted]");
        assertThat(keyCreated.path("after").path("scopes").toString()).isEqualTo("[\"qr:read\"]");
        assertThat(only("revoke", "api_key", keyId).path("before").path("name").asText()).isEqualTo("till");

        // Webhooks: create, patch, secret rotation (recorded as changed, never its value), delete.
        JsonNode hook = ok(call("POST", "/api/v1/webhooks", Map.of("url", "http://127.0.0.1:9/audit",
                "events", List.of("bulk.failed"))), 201);
        String hookId = hook.path("id").asText();
        SECRETS.add(hook.path("secret").asText());
        ok(call("PATCH", "/api/v1/webhooks/" + hookId, Map.of("description", "ops")), 200);
        SECRETS.add(ok(call("POST", "/api/v1/webhooks/" + hookId + "/rotate-secret", null), 200).path("secret")
                .asText());
        ok(call("DELETE", "/api/v1/webhooks/" + hookId, null), 204);
        assertThat(only("create", "webhook", hookId).path("after").path("secret").asText()).isEqualTo("[redacted]");
        List<JsonNode> updates = entries(key, "actor=" + actor + "&action=update&resourceId=" + hookId);
        assertThat(updates).extracting(entry -> entry.path("after").toString())
                .containsExactly("{\"secret\":\"[redacted]\"}", "{\"description\":\"ops\"}");
        assertThat(updates.get(0).path("before").toString()).isEqualTo("{\"secret\":\"[redacted]\"}");
        assertThat(only("delete", "webhook", hookId).path("before").path("url").asText())
                .isEqualTo("http://127.0.0.1:9/audit");

        // A password gate: set and removed, recorded as changed, neither the password nor its hash.
        String gated = ok(call("POST", "/api/v1/dynamic", Map.of("destinationUrl", "https://example.com/gated")), 201)
                .path("id").asText();
        SECRETS.add("audited-password-1");
        ok(call("PATCH", "/api/v1/dynamic/" + gated, Map.of("password", "audited-password-1")), 200);
        JsonNode gatedEntry = only("update", "dynamic_code", gated);
        assertThat(gatedEntry.path("after").toString()).isEqualTo("{\"password\":\"[redacted]\"}");
        assertThat(gatedEntry.toString()).doesNotContain("argon2");
        ok(call("DELETE", "/api/v1/dynamic/" + gated, null), 204);

        // Design templates: create, patch, delete.
        String template = ok(call("POST", "/api/v1/templates", Map.of("name", "Brand",
                "design", Map.of("foregroundColor", "#1a237e"))), 201).path("id").asText();
        ok(call("PATCH", "/api/v1/templates/" + template, Map.of("name", "Brand 2")), 200);
        ok(call("DELETE", "/api/v1/templates/" + template, null), 204);
        assertThat(only("create", "design_template", template).path("after").path("design").path("foregroundColor")
                .asText()).isEqualTo("#1a237e");
        JsonNode renamed = only("update", "design_template", template);
        assertThat(renamed.path("before").toString()).isEqualTo("{\"name\":\"Brand\"}");
        assertThat(renamed.path("after").toString()).isEqualTo("{\"name\":\"Brand 2\"}");
        assertThat(only("delete", "design_template", template).path("before").path("name").asText())
                .isEqualTo("Brand 2");

        // A bulk job: one entry for the job, none for its codes.
        String job = ok(call("POST", "/api/v1/qr/bulk", Map.of("items", List.of(Map.of("data", "https://example.com/1"),
                Map.of("data", "https://example.com/2")))), 202).path("jobId").asText();
        assertThat(only("create", "bulk_job", job).path("after").path("items").asInt()).isEqualTo(2);
        JsonNode results = BulkIT.awaitFinished(job).path("results");
        assertThat(results).hasSize(2);
        results.forEach(code -> assertThat(entries(key, "resourceId=" + code.path("id").asText()))
                .as("a job's code").isEmpty());

        SECRETS.forEach(secret -> assertThat(secret).isNotEmpty());
        String json = Api.getAs(key, AUDIT + "?limit=200&actor=" + actor).text();
        String csv = Api.getAs(key, AUDIT + "?format=csv&actor=" + actor).text();
        SECRETS.forEach(secret -> assertThat(json + csv).doesNotContain(secret));
    }

    @Test
    void erasingAWorkspacesScansIsAnEntryOfThatWorkspace() {
        Api.Reply issued = Api.postAs(Api.LIFECYCLE_KEY, "/api/v1/api-keys", Api.json(Map.of("name", "dpo",
                "scopes", List.of("analytics:erase", "audit:read"))));
        String dpo = ok(issued, 201).path("key").asText();
        String dpoId = issued.json().path("id").asText();
        ok(Api.deleteAs(dpo, "/api/v1/analytics"), 204);
        List<JsonNode> found = entries(dpo, "actor=" + dpoId);
        assertThat(found).hasSize(1);
        assertThat(found.get(0).path("action").asText()).isEqualTo("erase");
        assertThat(found.get(0).path("resourceType").asText()).isEqualTo("workspace");
        assertThat(found.get(0).path("address").asText()).isEqualTo("127.0.0.1");
        assertThat(entries(key, "actor=" + dpoId)).as("another workspace's entry").isEmpty();
    }

    @Test
    void pagesFiltersAndCsvShowTheSameEntriesNewestFirst() {
        List<String> made = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            made.add(0, ok(call("POST", "/api/v1/qr", Map.of("data", "https://example.com/page/" + i)), 201)
                    .path("id").asText());
        }
        String query = "actor=" + actor + "&resourceType=qr_code&action=create&createdFrom="
                + Instant.now().minusSeconds(600);
        List<String> paged = new ArrayList<>();
        String cursor = "";
        int pages = 0;
        do {
            JsonNode page = ok(Api.getAs(key, AUDIT + "?limit=2&" + query + cursor), 200);
            page.path("items").forEach(entry -> paged.add(entry.path("resourceId").asText()));
            cursor = page.path("nextCursor").isNull() ? null : "&cursor=" + page.path("nextCursor").asText();
            pages++;
        } while (cursor != null);
        assertThat(paged).as("newest first, no gaps, no repeats").startsWith(made.toArray(String[]::new))
                .doesNotHaveDuplicates();
        assertThat(pages).isGreaterThan(1);
        assertThat(entries(key, "actor=" + actor + "&createdTo=" + Instant.now().minusSeconds(3600))).isEmpty();
        assertThat(entries(key, "actor=" + actor + "&resourceId=" + made.get(1))).extracting(
                entry -> entry.path("resourceId").asText()).containsExactly(made.get(1));

        Api.Reply csv = Api.send(Api.requestAs(key, AUDIT + "?" + query).header("Accept", "text/csv").GET());
        assertThat(csv.status()).isEqualTo(200);
        assertThat(csv.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/csv"));
        List<String> lines = csv.text().lines().toList();
        assertThat(lines.get(0)).isEqualTo("createdAt,id,actor,action,resourceType,resourceId,address,requestId,"
                + "before,after");
        assertThat(lines.subList(1, lines.size())).extracting(line -> line.split(",")[5]).containsExactlyElementsOf(paged);
        assertThat(lines.get(1)).contains(actor + ",create,qr_code," + made.get(0) + "," + CLIENT_ADDRESS);

        Api.Reply badDate = Api.getAs(key, AUDIT + "?createdFrom=yesterday");
        assertThat(badDate.status()).isEqualTo(400);
        assertThat(badDate.json().path("error").path("field").asText()).isEqualTo("createdFrom");
        Api.Reply badFormat = Api.getAs(key, AUDIT + "?format=xml");
        assertThat(badFormat.status()).isEqualTo(400);
        assertThat(badFormat.json().path("error").path("field").asText()).isEqualTo("format");
    }

    @Test
    void anotherWorkspaceSeesNoneOfTheEntriesAndAKeyWithoutAuditReadNone() {
        String qr = ok(call("POST", "/api/v1/qr", Map.of("data", "https://example.com/private")), 201).path("id")
                .asText();
        assertThat(entries(Api.KEY, "resourceId=" + qr)).hasSize(1);
        assertThat(entries(Api.OTHER_KEY, "resourceId=" + qr)).isEmpty();
        assertThat(entries(Api.OTHER_KEY, "actor=" + actor)).isEmpty();
        String writer = ok(Api.postAs(Api.KEY, "/api/v1/api-keys", Api.json(Map.of("name", "no audit"))), 201)
                .path("key").asText();
        Api.Reply refused = Api.getAs(writer, AUDIT);
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().path("error").path("message").asText()).contains("audit:read");
    }

    @Test
    void aTokensChangeNamesItsSubject() throws IOException {
        String token = Tokens.of(Tokens.ALPHA);
        String subject = Api.JSON.readTree(Base64.getUrlDecoder().decode(token.split("\\.")[1])).path("sub").asText();
        String qr = ok(Api.postAs(token, "/api/v1/qr", Api.json(Map.of("data", "https://example.com/by-token"))), 201)
                .path("id").asText();
        List<JsonNode> found = entries(token, "resourceId=" + qr);
        assertThat(found).hasSize(1);
        assertThat(found.get(0).path("actor").asText()).isEqualTo("oidc:" + subject);
    }

    @Test
    void aChangeThatFailsLeavesNoEntry() {
        JsonNode dynamic = ok(call("POST", "/api/v1/dynamic", Map.of("destinationUrl", "https://example.com/x",
                "title", "Kept")), 201);
        String dynQr = dynamic.path("qr").path("id").asText();
        // The title is changed before the restyle refuses the size, in the same transaction.
        Api.Reply refused = call("PATCH", "/api/v1/dynamic/" + dynamic.path("id").asText(),
                Map.of("title", "Lost", "destinationUrl", "https://example.com/y", "size", 1));
        assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
        assertThat(Api.getAs(key, "/api/v1/qr/" + dynQr).json().path("title").asText()).isEqualTo("Kept");
        assertThat(entries(key, "actor=" + actor + "&action=update&resourceId=" + dynQr)).isEmpty();
        assertThat(entries(key, "actor=" + actor + "&action=update&resourceId=" + dynamic.path("id").asText()))
                .isEmpty();
        assertThat(entries(key, "actor=" + actor + "&resourceId=" + dynQr)).extracting(
                entry -> entry.path("action").asText()).containsExactly("create");
    }
}
