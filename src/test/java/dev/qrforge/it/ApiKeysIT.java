package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** /api/v1/api-keys: issued once with the secret, listed without it, scoped, expiring, revoked at once. */
class ApiKeysIT extends ServerTest {

    private static final String KEYS = "/api/v1/api-keys";

    private static JsonNode issue(String admin, Map<String, Object> body) {
        Api.Reply created = Api.postAs(admin, KEYS, Api.json(body));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        return created.json();
    }

    @Test
    void aKeyIssuedWithoutScopesGetsNeitherAdministrationNorErasure() {
        Api.Reply created = Api.postAs(Api.KEY, KEYS, Api.json(Map.of("name", "Till 8")));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        assertThat(created.json().path("scopes")).extracting(JsonNode::asText)
                .containsExactly("analytics:read", "dynamic:write", "qr:read", "qr:write");
        Api.Reply asked = Api.postAs(Api.KEY, KEYS, Api.json(Map.of("name", "DPO", "scopes",
                List.of("analytics:erase"))));
        assertThat(asked.json().path("scopes")).extracting(JsonNode::asText).containsExactly("analytics:erase");
    }

    @Test
    void aKeyIssuedByAKeycloakAdminActsInItsWorkspaceUntilRevoked() {
        String alpha = Tokens.of(Tokens.ALPHA);
        Api.Reply created = Api.postAs(alpha, KEYS, Api.json(Map.of("name", "Till 7, Berlin")));
        assertThat(created.status()).isEqualTo(201);
        JsonNode key = created.json();
        String secret = key.path("key").asText();
        String id = key.path("id").asText();
        assertThat(secret).matches("qrk_[A-Za-z0-9_-]{43}");
        assertThat(key.path("prefix").asText()).isEqualTo(secret.substring(0, 12));
        assertThat(key.path("name").asText()).isEqualTo("Till 7, Berlin");
        assertThat(key.path("scopes")).extracting(JsonNode::asText)
                .containsExactly("analytics:read", "dynamic:write", "qr:read", "qr:write");
        assertThat(key.has("expiresAt")).isTrue();
        assertThat(key.path("lastUsedAt").isNull()).isTrue();
        assertThat(created.header("Location")).hasValue(Api.BASE_URL + KEYS + "/" + id);

        Api.Reply made = Api.postAs(secret, "/api/v1/qr", Api.json(Map.of("data", "https://example.com/till-7")));
        assertThat(made.status()).isEqualTo(201);
        String code = made.json().path("id").asText();
        assertThat(Api.getAs(alpha, "/api/v1/qr/" + code).status()).as("same workspace as the token").isEqualTo(200);

        JsonNode listed = Api.getAs(alpha, KEYS + "?limit=200").json();
        JsonNode entry = find(listed, id);
        assertThat(entry.has("key")).as("never the secret again").isFalse();
        assertThat(entry.path("lastUsedAt").asText()).isNotEmpty();
        assertThat(listed.toString()).doesNotContain(secret);

        assertThat(Api.deleteAs(alpha, KEYS + "/" + id).status()).isEqualTo(204);
        Api.Reply afterRevocation = Api.getAs(secret, "/api/v1/qr/" + code);
        assertThat(afterRevocation.status()).isEqualTo(401);
        assertThat(afterRevocation.header("WWW-Authenticate")).hasValueSatisfying(
                challenge -> assertThat(challenge).contains("error=\"invalid_token\""));
        assertThat(Api.getAs(alpha, KEYS + "?limit=200").json().path("items").findValuesAsText("id"))
                .doesNotContain(id);
        assertThat(Api.deleteAs(alpha, KEYS + "/" + id).status()).as("already revoked").isEqualTo(404);
    }

    @Test
    void aKeyCarriesOnlyItsScopes() {
        String reader = issue(Api.KEY, Map.of("name", "dashboard", "scopes", List.of("qr:read"))).path("key").asText();

        assertThat(Api.getAs(reader, "/api/v1/qr").status()).isEqualTo(200);
        Api.Reply write = Api.postAs(reader, "/api/v1/qr", Api.json(Map.of("data", "x")));
        assertThat(write.status()).isEqualTo(403);
        assertThat(write.json().path("error").path("message").asText()).contains("qr:write");
        assertThat(Api.postAs(reader, KEYS, Api.json(Map.of("name", "escalation"))).status()).isEqualTo(403);

        String admin = issue(Api.KEY, Map.of("name", "ops", "scopes", List.of("keys:admin", "qr:read")))
                .path("key").asText();
        Api.Reply escalation = Api.postAs(admin, KEYS, Api.json(Map.of("name", "x", "scopes", List.of("qr:write"))));
        assertThat(escalation.status()).isEqualTo(403);
        assertThat(escalation.json().path("error").path("field").asText()).isEqualTo("scopes[0]");
    }

    @Test
    void aKeyStopsWorkingWhenItExpires() {
        Instant expiresAt = Instant.now().plusSeconds(3);
        JsonNode key = issue(Api.KEY, Map.of("name", "promo weekend", "expiresAt", expiresAt.toString()));
        assertThat(Instant.parse(key.path("expiresAt").asText())).isEqualTo(expiresAt);
        String secret = key.path("key").asText();
        assertThat(Api.getAs(secret, "/api/v1/qr").status()).isEqualTo(200);

        Api.Timed refused = Api.awaitStatus(() -> Api.getAs(secret, "/api/v1/qr"), 401, expiresAt.plusSeconds(10));

        assertThat(refused.at()).as("accepted until it expired").isAfterOrEqualTo(expiresAt);
        assertThat(refused.reply().json().path("error").path("code").asText()).isEqualTo("UNAUTHORIZED");
    }

    @Test
    void badRequestsNameTheField() {
        Map<Map<String, Object>, String> cases = Map.of(
                Map.of("scopes", List.of("qr:read")), "name",
                Map.of("name", " "), "name",
                Map.of("name", "x".repeat(201)), "name",
                Map.of("name", "x", "scopes", List.of()), "scopes",
                Map.of("name", "x", "scopes", List.of("qr:read", "qr:print")), "scopes[1]",
                Map.of("name", "x", "expiresAt", "tomorrow"), "expiresAt",
                Map.of("name", "x", "expiresAt", "2020-01-01T00:00:00Z"), "expiresAt",
                Map.of("name", "x", "colour", "red"), "colour");
        cases.forEach((body, field) -> {
            Api.Reply reply = Api.postAs(Api.KEY, KEYS, Api.json(body));
            assertThat(reply.status()).as(body + " -> " + reply).isEqualTo(400);
            assertThat(reply.json().path("error").path("field").asText()).as(body.toString()).isEqualTo(field);
        });
        Api.Reply wrongType = Api.postAs(Api.KEY, KEYS, "{\"name\":\"x\",\"scopes\":\"qr:read\"}");
        assertThat(wrongType.status()).isEqualTo(400);
        assertThat(wrongType.json().path("error").path("field").asText()).isEqualTo("scopes");
        assertThat(Api.deleteAs(Api.KEY, KEYS + "/key_doesnotexist").status()).isEqualTo(404);
    }

    private static JsonNode find(JsonNode page, String id) {
        for (JsonNode item : page.path("items")) {
            if (item.path("id").asText().equals(id)) {
                return item;
            }
        }
        throw new AssertionError(id + " not listed in " + page);
    }
}
