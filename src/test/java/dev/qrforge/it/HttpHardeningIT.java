package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Security headers on the API and the scan path; CORS only for the configured origin (arquillian.xml). */
@DatabaseIndependent
class HttpHardeningIT extends ServerTest {

    private static final String ALLOWED_ORIGIN = "https://pos.example.com";

    @Test
    void securityHeadersOnApiAndScanAnswers() {
        String shortUrl = Api.post("/api/v1/dynamic", Api.json(Map.of("destinationUrl", "https://example.com/h")))
                .json().path("shortUrl").asText();
        Api.Reply scan = Api.send(HttpRequest.newBuilder(URI.create(shortUrl.replaceFirst("^https?://[^/]+",
                Api.BASE_URL))).GET());
        for (Api.Reply reply : List.of(Api.get("/api/v1/qr"), Api.get("/api/v1/qr/qr_doesnotexist"), scan,
                Api.send(HttpRequest.newBuilder(URI.create(Api.BASE_URL + "/s/doesnotexist")).GET()))) {
            assertThat(reply.header("X-Content-Type-Options")).as(reply.toString()).hasValue("nosniff");
            assertThat(reply.header("X-Frame-Options")).hasValue("DENY");
            assertThat(reply.header("Content-Security-Policy")).hasValueSatisfying(
                    csp -> assertThat(csp).contains("default-src 'none'").contains("frame-ancestors 'none'"));
            assertThat(reply.header("Cache-Control")).hasValue("no-store");
            assertThat(reply.header("Referrer-Policy")).isPresent();
        }
        assertThat(scan.status()).isEqualTo(302);
    }

    /**
     * One rule for methods on every path (api.AllowedMethods): an unserved method is a 405 with Allow in the envelope,
     * never a 501 (HttpServlet's answer to PATCH) nor a bare 405 (Undertow's to TRACE); TRACE is neither served nor
     * offered.
     */
    @Test
    void everyUnservedMethodIsA405WithAllow() {
        Map<String, String> allowByPath = Map.of(
                "/s/doesnotexist", "GET, HEAD, POST, OPTIONS",
                "/.well-known/qrforge-challenge/abc", "GET, HEAD, OPTIONS",
                "/console/index.html", "GET, HEAD, OPTIONS");
        allowByPath.forEach((path, allow) -> {
            for (String method : List.of("PATCH", "PUT", "DELETE", "TRACE", "PROPFIND")) {
                Api.Reply reply = Api.send(HttpRequest.newBuilder(URI.create(Api.BASE_URL + path))
                        .method(method, HttpRequest.BodyPublishers.noBody()));
                assertThat(reply.status()).as("%s %s: %s", method, path, reply).isEqualTo(405);
                assertThat(reply.header("Allow")).as("%s %s", method, path).hasValue(allow);
                assertThat(reply.json().path("error").path("code").asText()).isEqualTo("METHOD_NOT_ALLOWED");
                assertThat(reply.json().path("error").path("request_id").asText()).startsWith("req_");
            }
            Api.Reply options = Api.send(HttpRequest.newBuilder(URI.create(Api.BASE_URL + path))
                    .method("OPTIONS", HttpRequest.BodyPublishers.noBody()));
            assertThat(options.status()).as("OPTIONS %s", path).isEqualTo(204);
            assertThat(options.header("Allow")).as("OPTIONS %s", path).hasValue(allow);
        });
        for (String path : List.of("/api/v1/qr", "/api/v1/design-options", "/api/v1/audit")) {
            Api.Reply trace = Api.send(Api.request(path).method("TRACE", HttpRequest.BodyPublishers.noBody()));
            assertThat(trace.status()).as("TRACE %s: %s", path, trace).isEqualTo(405);
            assertThat(trace.header("Allow")).as("TRACE %s", path).hasValueSatisfying(allow ->
                    assertThat(allow).contains("GET").doesNotContain("TRACE"));
            assertThat(trace.json().path("error").path("code").asText()).isEqualTo("METHOD_NOT_ALLOWED");
        }
    }

    @Test
    void corsOnlyForTheConfiguredOrigin() {
        Api.Reply preflight = Api.send(HttpRequest.newBuilder(URI.create(Api.BASE_URL + "/api/v1/qr"))
                .header("Origin", ALLOWED_ORIGIN).header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "authorization, content-type")
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()));
        assertThat(preflight.status()).isEqualTo(204);
        assertThat(preflight.header("Access-Control-Allow-Origin")).hasValue(ALLOWED_ORIGIN);
        assertThat(preflight.header("Access-Control-Allow-Methods")).hasValueSatisfying(m -> assertThat(m).contains("POST"));
        assertThat(preflight.header("Access-Control-Allow-Headers")).hasValueSatisfying(
                h -> assertThat(h).contains("Authorization"));

        Api.Reply allowed = Api.send(Api.request("/api/v1/qr").header("Origin", ALLOWED_ORIGIN).GET());
        assertThat(allowed.header("Access-Control-Allow-Origin")).hasValue(ALLOWED_ORIGIN);
        assertThat(allowed.header("Access-Control-Expose-Headers")).hasValueSatisfying(
                h -> assertThat(h).contains("X-RateLimit-Remaining"));

        Api.Reply foreign = Api.send(Api.request("/api/v1/qr").header("Origin", "https://evil.example").GET());
        assertThat(foreign.status()).isEqualTo(200);
        assertThat(foreign.header("Access-Control-Allow-Origin")).isEmpty();
        Api.Reply foreignPreflight = Api.send(HttpRequest.newBuilder(URI.create(Api.BASE_URL + "/api/v1/qr"))
                .header("Origin", "https://evil.example").header("Access-Control-Request-Method", "POST")
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()));
        assertThat(foreignPreflight.header("Access-Control-Allow-Origin")).isEmpty();
    }
}
