package dev.qrforge.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Access tokens from the build's real Keycloak (src/test/keycloak/keycloak.sh, realm
 * src/test/resources/keycloak/qrforge-realm.json), by the client-credentials grant a back-end would use.
 */
final class Tokens {

    static final String REALM_URL = System.getProperty("it.keycloak.realm-url",
            "http://127.0.0.1:8180/realms/qrforge");

    /** All five scopes' roles, workspace {@code kc-alpha}. */
    static final String ALPHA = "qrforge-alpha";
    /** All five scopes' roles, workspace {@code kc-beta}. */
    static final String BETA = "qrforge-beta";
    /** Only {@code qr:read}, workspace {@code kc-alpha}. */
    static final String READER = "qrforge-reader";
    /** All roles, workspace {@code kc-alpha}, tokens live five seconds. */
    static final String SHORT_LIVED = "qrforge-shortlived";
    /** All roles, but no workspace claim. */
    static final String NO_WORKSPACE = "qrforge-noworkspace";
    /** All roles, workspace {@code kc-alpha}, but not issued for the {@code qrforge-api} audience. */
    static final String OTHER_AUDIENCE = "qrforge-otheraudience";

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private Tokens() {
    }

    /** A fresh access token for the client (the realm's secrets are {@code <clientId>-secret}). */
    static String of(String clientId) {
        return token(REALM_URL, "grant_type=client_credentials&client_id=" + encode(clientId) + "&client_secret="
                + encode(clientId + "-secret"));
    }

    /**
     * Makes the realm sign with a new RSA key from now on, through Keycloak's admin API as the bootstrap admin
     * (keycloak.sh's admin/admin): what an administrator's key rotation looks like to the service.
     */
    static void rotateSigningKey() {
        String base = REALM_URL.substring(0, REALM_URL.indexOf("/realms/"));
        String admin = token(base + "/realms/master", "grant_type=password&client_id=admin-cli&username=admin"
                + "&password=admin");
        String realmName = REALM_URL.substring(REALM_URL.lastIndexOf('/') + 1);
        String realmId = call(HttpRequest.newBuilder(URI.create(base + "/admin/realms/" + realmName))
                .header("Authorization", "Bearer " + admin).GET(), 200).path("id").asText();
        String component = Api.json(Map.of("name", "rotated-" + System.nanoTime(),
                "providerId", "rsa-generated", "providerType", "org.keycloak.keys.KeyProvider", "parentId", realmId,
                "config", Map.of("priority", List.of("1000"), "keySize",
                        List.of("2048"), "active", List.of("true"),
                        "enabled", List.of("true"))));
        call(HttpRequest.newBuilder(URI.create(base + "/admin/realms/" + realmName + "/components"))
                .header("Authorization", "Bearer " + admin).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(component)), 201);
    }

    private static String token(String realmUrl, String form) {
        JsonNode body = call(HttpRequest.newBuilder(URI.create(realmUrl + "/protocol/openid-connect/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)), 200);
        return body.path("access_token").asText();
    }

    private static JsonNode call(HttpRequest.Builder request, int expectedStatus) {
        try {
            HttpResponse<String> response = CLIENT.send(request.timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != expectedStatus) {
                throw new AssertionError("Keycloak answered " + response.statusCode() + " to " + response.request()
                        + ": " + response.body());
            }
            return response.body().isEmpty() ? Api.JSON.createObjectNode() : Api.JSON.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
