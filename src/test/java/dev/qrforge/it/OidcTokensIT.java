package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Keycloak access tokens against the deployed WAR, from the build's real Keycloak: accepted with their workspace
 * and scopes, refused with RFC 6750's {@code invalid_token} when any check fails, 403 when a scope is missing.
 */
class OidcTokensIT extends ServerTest {

    private static final String QR = "/api/v1/qr";
    /** The server runs with a two-second clock skew in the tests (arquillian.xml). */
    private static final long SKEW_MILLIS = 2_000;

    private static JsonNode unauthorized(Api.Reply reply, String messagePart) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(401);
        JsonNode error = reply.json().path("error");
        assertThat(error.path("code").asText()).isEqualTo("UNAUTHORIZED");
        assertThat(error.path("message").asText()).contains(messagePart);
        assertThat(error.path("request_id").asText()).startsWith("req_");
        assertThat(reply.header("WWW-Authenticate")).hasValueSatisfying(challenge -> assertThat(challenge)
                .startsWith("Bearer realm=\"qrforge\"").contains("error=\"invalid_token\""));
        return error;
    }

    private static String createCode(String credential, String data) {
        Api.Reply created = Api.postAs(credential, QR, Api.json(Map.of("data", data)));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        return created.json().path("id").asText();
    }

    @Test
    void aServiceAccountTokenWorksInItsWorkspaceOnly() {
        String alpha = Tokens.of(Tokens.ALPHA);
        String id = createCode(alpha, "https://example.com/kc-alpha");

        assertThat(Api.getAs(alpha, QR + "/" + id).status()).isEqualTo(200);
        assertThat(Api.getAs(Tokens.of(Tokens.READER), QR + "/" + id).status())
                .as("the reader client is in the same workspace, kc-alpha").isEqualTo(200);
        assertThat(Api.getAs(Tokens.of(Tokens.BETA), QR + "/" + id).status()).isEqualTo(404);
        assertThat(Api.getAs(Api.KEY, QR + "/" + id).status()).as("the bootstrap key's workspace").isEqualTo(404);
    }

    @Test
    void tokensSignedWithARotatedKeyAreAcceptedAfterAJwksRefresh() {
        String before = Tokens.of(Tokens.ALPHA);
        assertThat(Api.getAs(before, QR).status()).isEqualTo(200);

        Tokens.rotateSigningKey();
        String after = Tokens.of(Tokens.ALPHA);
        assertThat(header(after).path("kid").asText()).as("signed with the new key")
                .isNotEqualTo(header(before).path("kid").asText());

        assertThat(Api.getAs(after, QR).status()).as("the new key id makes the service fetch the JWKS again")
                .isEqualTo(200);
        assertThat(Api.getAs(before, QR).status()).as("the old key is still published").isEqualTo(200);
    }

    @Test
    void aMissingScopeIsForbidden() {
        String reader = Tokens.of(Tokens.READER);
        assertThat(Api.getAs(reader, QR).status()).isEqualTo(200);

        for (Api.Reply refused : new Api.Reply[] {
            Api.postAs(reader, QR, Api.json(Map.of("data", "x"))),
            Api.postAs(reader, "/api/v1/dynamic", Api.json(Map.of("destinationUrl", "https://example.com"))),
            Api.getAs(reader, "/api/v1/api-keys"),
            Api.postAs(reader, "/api/v1/api-keys", Api.json(Map.of("name", "till 7")))}) {
            assertThat(refused.status()).as(refused.toString()).isEqualTo(403);
            assertThat(refused.json().path("error").path("code").asText()).isEqualTo("FORBIDDEN");
            assertThat(refused.json().path("error").path("message").asText()).contains("needs scope");
        }
    }

    @Test
    void anExpiredTokenIsRefused() {
        String token = Tokens.of(Tokens.SHORT_LIVED);
        assertThat(Api.getAs(token, QR).status()).isEqualTo(200);
        Instant expiresAt = Instant.ofEpochSecond(claims(token).path("exp").asLong());

        Api.Timed refused = Api.awaitStatus(() -> Api.getAs(token, QR), 401,
                expiresAt.plusMillis(SKEW_MILLIS).plusSeconds(10));

        assertThat(refused.at()).as("accepted until it expired").isAfterOrEqualTo(expiresAt);
        unauthorized(refused.reply(), "expired");
    }

    @Test
    void aTamperedTokenIsRefused() {
        String token = Tokens.of(Tokens.ALPHA);
        String[] parts = token.split("\\.");
        ObjectNode claims = (ObjectNode) claims(token);
        claims.put("workspace", "kc-beta");
        String otherWorkspace = parts[0] + "." + base64(Api.json(claims)) + "." + parts[2];
        unauthorized(Api.getAs(otherWorkspace, QR), "signature");

        byte[] signature = Base64.getUrlDecoder().decode(parts[2]);
        signature[signature.length / 2] ^= 1;
        String flipped = parts[0] + "." + parts[1] + "." + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(signature);
        unauthorized(Api.getAs(flipped, QR), "signature");

        String unsigned = base64("{\"alg\":\"none\",\"typ\":\"JWT\"}") + "." + parts[1] + ".";
        unauthorized(Api.getAs(unsigned, QR), "token");
        unauthorized(Api.getAs("aaaa.bbbb.cccc", QR), "token");
    }

    @Test
    void tokensForAnotherAudienceOrWithoutWorkspaceAreRefused() {
        unauthorized(Api.getAs(Tokens.of(Tokens.OTHER_AUDIENCE), QR), "audience");
        unauthorized(Api.getAs(Tokens.of(Tokens.NO_WORKSPACE), QR), "workspace");
    }

    @Test
    void badApiKeysAreInvalidTokensAndNoCredentialsIsAPlainChallenge() {
        unauthorized(Api.getAs("qrk_not-a-key-at-all-0000000000", QR), "API key");

        Api.Reply anonymous = Api.send(HttpRequest.newBuilder(java.net.URI.create(Api.BASE_URL + QR)).GET());
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.header("WWW-Authenticate")).hasValue("Bearer realm=\"qrforge\"");
    }

    private static JsonNode claims(String token) {
        return part(token, 1);
    }

    private static JsonNode header(String token) {
        return part(token, 0);
    }

    private static JsonNode part(String token, int index) {
        try {
            return Api.JSON.readTree(Base64.getUrlDecoder().decode(token.split("\\.")[index]));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String base64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
