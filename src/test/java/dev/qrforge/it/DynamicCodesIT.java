package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.Decoding;
import dev.qrforge.testing.UserAgents;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import org.junit.jupiter.api.Test;

/** Dynamic codes end to end: the API, the scan path, routing, counting. */
class DynamicCodesIT extends ServerTest {

    private static final HttpClient SCANNER = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    static JsonNode create(Map<String, Object> body) {
        Api.Reply reply = Api.post("/api/v1/dynamic", Api.json(body));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json();
    }

    static Api.Reply patch(String id, String json) {
        return Api.send(Api.request("/api/v1/dynamic/" + id).header("Content-Type", "application/merge-patch+json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json)));
    }

    static HttpResponse<String> scan(String shortUrl, String... headers) {
        return scan(HttpRequest.newBuilder(URI.create(shortUrl)).GET(), headers);
    }

    private static HttpResponse<String> scan(HttpRequest.Builder request, String... headers) {
        request.header("User-Agent", UserAgents.CHROME_WINDOWS);
        for (int i = 0; i < headers.length; i += 2) {
            request.setHeader(headers[i], headers[i + 1]);
        }
        try {
            return SCANNER.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** The password gate's form, as a browser posts it. */
    static HttpResponse<String> unlock(String shortUrl, String password, String... headers) {
        return scan(HttpRequest.newBuilder(URI.create(shortUrl)).POST(HttpRequest.BodyPublishers.ofString(
                "password=" + URLEncoder.encode(password, StandardCharsets.UTF_8)))
                .header("Content-Type", "application/x-www-form-urlencoded"), headers);
    }

    static String location(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(302);
        return response.headers().firstValue("Location").orElseThrow();
    }

    static long scanCount(String id) {
        return Api.get("/api/v1/dynamic/" + id).json().path("scanCount").asLong();
    }

    /** Each body, POSTed, is a 400 naming its field. */
    private static void createRefusedNaming(Map<String, String> fieldOfBody) {
        fieldOfBody.forEach((body, field) -> {
            Api.Reply reply = Api.post("/api/v1/dynamic", body);
            assertThat(reply.status()).as(body + " -> " + reply).isEqualTo(400);
            assertThat(reply.json().path("error").path("field").asText()).as(body).isEqualTo(field);
        });
    }

    private static JsonNode tree(String json) {
        try {
            return Api.JSON.readTree(json);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private static String destination(String what) {
        return "https://example.com/" + what + "/" + UUID.randomUUID();
    }

    @Test
    void createdCodeRedirectsCountsAndCarriesAQrOfItsShortUrl() {
        String target = destination("landing");
        Api.Reply reply = Api.post("/api/v1/dynamic", Api.json(Map.of("destinationUrl", target, "title", "Poster")));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        JsonNode code = reply.json();
        String id = code.path("id").asText();
        assertThat(id).startsWith("dyn_");
        assertThat(reply.header("Location")).hasValue(Api.BASE_URL + "/api/v1/dynamic/" + id);
        assertThat(code.path("shortCode").asText()).matches("[A-Za-z0-9]{7}");
        String shortUrl = code.path("shortUrl").asText();
        assertThat(shortUrl).isEqualTo(Api.BASE_URL + "/s/" + code.path("shortCode").asText());
        assertThat(code.path("status").asText()).isEqualTo("active");
        assertThat(code.path("scanCount").asLong()).isZero();
        assertThat(code.path("rules").isArray()).isTrue();
        assertThat(code.path("title").asText()).isEqualTo("Poster");
        assertThat(code.path("qr").path("data").asText()).isEqualTo(shortUrl);
        assertThat(Decoding.svgText(code.path("qr").path("svg").asText())).isEqualTo(shortUrl);

        HttpResponse<String> scanned = scan(shortUrl);
        assertThat(location(scanned)).isEqualTo(target);
        assertThat(scanned.headers().firstValue("Cache-Control")).hasValue("no-store");
        assertThat(scanned.headers().firstValue("Referrer-Policy")).isPresent();
        assertThat(scanCount(id)).isEqualTo(1);

        JsonNode fetched = Api.get("/api/v1/dynamic/" + id).json();
        assertThat(fetched.path("qr").path("id").asText()).isEqualTo(code.path("qr").path("id").asText());
        assertThat(fetched.path("qr").has("svg")).isFalse();
    }

    @Test
    void headAnswersLikeGetButIsNotCounted() throws Exception {
        JsonNode code = create(Map.of("destinationUrl", destination("head")));
        HttpResponse<Void> head = SCANNER.send(HttpRequest.newBuilder(URI.create(code.path("shortUrl").asText()))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
        assertThat(head.statusCode()).isEqualTo(302);
        assertThat(scanCount(code.path("id").asText())).isZero();
    }

    @Test
    void patchedDestinationTakesEffectOnTheNextScan() {
        JsonNode code = create(Map.of("destinationUrl", destination("before")));
        String shortUrl = code.path("shortUrl").asText();
        location(scan(shortUrl));
        String after = destination("after");

        Api.Reply patched = patch(code.path("id").asText(), Api.json(Map.of("destinationUrl", after)));
        assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
        assertThat(patched.json().path("destinationUrl").asText()).isEqualTo(after);
        assertThat(location(scan(shortUrl))).isEqualTo(after);
    }

    @Test
    void pauseAndResume() {
        JsonNode code = create(Map.of("destinationUrl", destination("pause")));
        String id = code.path("id").asText();
        String shortUrl = code.path("shortUrl").asText();

        assertThat(patch(id, "{\"status\":\"paused\"}").json().path("status").asText()).isEqualTo("paused");
        HttpResponse<String> paused = scan(shortUrl);
        assertThat(paused.statusCode()).isEqualTo(404);
        assertThat(paused.body()).contains("paused");
        assertThat(paused.headers().firstValue("Location")).isEmpty();

        assertThat(patch(id, "{\"status\":\"active\"}").json().path("status").asText()).isEqualTo("active");
        assertThat(scan(shortUrl).statusCode()).isEqualTo(302);

        Api.Reply bad = patch(id, "{\"status\":\"archived\"}");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().path("error").path("field").asText()).isEqualTo("status");
    }

    @Test
    void expiredCodesGoToTheirExpiredUrlOrSaySo() {
        String past = Instant.now().minus(1, ChronoUnit.HOURS).toString();
        String afterwards = destination("afterwards");
        JsonNode withUrl = create(Map.of("destinationUrl", destination("campaign"), "expiresAt", past,
                "expiredUrl", afterwards));
        assertThat(location(scan(withUrl.path("shortUrl").asText()))).isEqualTo(afterwards);

        JsonNode without = create(Map.of("destinationUrl", destination("campaign")));
        patch(without.path("id").asText(), Api.json(Map.of("expiresAt", past)));
        HttpResponse<String> expired = scan(without.path("shortUrl").asText());
        assertThat(expired.statusCode()).isEqualTo(404);
        assertThat(expired.body()).contains("expired");

        Api.Reply cleared = patch(without.path("id").asText(), "{\"expiresAt\":null}");
        assertThat(cleared.json().path("expiresAt").isNull()).isTrue();
        assertThat(scan(without.path("shortUrl").asText()).statusCode()).isEqualTo(302);
    }

    @Test
    void utmParametersJoinTheDestinationsQueryBeforeItsFragment() {
        String menu = destination("menu");
        JsonNode code = create(Map.of("destinationUrl", menu + "?lang=de&utm_source=print#dinner",
                "utm", Map.of("source", "newsletter", "medium", "qr code", "campaign", "spring sale"),
                "rules", List.of(Map.of("when", Map.of("os", List.of("iOS")),
                        "destinationUrl", "https://example.com/app?x=1", "utm", Map.of("medium", "app banner")))));
        String id = code.path("id").asText();
        String shortUrl = code.path("shortUrl").asText();
        assertThat(code.path("destinationUrl").asText()).isEqualTo(menu + "?lang=de&utm_source=print#dinner");
        assertThat(code.path("utm")).isEqualTo(tree(
                "{\"source\":\"newsletter\",\"medium\":\"qr code\",\"campaign\":\"spring sale\"}"));
        assertThat(code.path("rules").get(0).path("utm").path("medium").asText()).isEqualTo("app banner");

        // The destination's own utm_source gives way to the code's; its other parameter and fragment stay.
        assertThat(location(scan(shortUrl))).isEqualTo(
                menu + "?lang=de&utm_source=newsletter&utm_medium=qr%20code&utm_campaign=spring%20sale#dinner");
        assertThat(location(scan(shortUrl, "User-Agent", UserAgents.IPHONE))).isEqualTo(
                "https://example.com/app?x=1&utm_source=newsletter&utm_medium=app%20banner&utm_campaign=spring%20sale");

        Api.Reply merged = patch(id, "{\"utm\":{\"campaign\":null,\"content\":\"größe/ä\"}}");
        assertThat(merged.status()).as(merged.toString()).isEqualTo(200);
        assertThat(Api.get("/api/v1/dynamic/" + id).json().path("utm")).isEqualTo(tree(
                "{\"source\":\"newsletter\",\"medium\":\"qr code\",\"content\":\"größe/ä\"}"));
        assertThat(location(scan(shortUrl))).isEqualTo(
                menu + "?lang=de&utm_source=newsletter&utm_medium=qr%20code&utm_content=gr%C3%B6%C3%9Fe%2F%C3%A4#dinner");

        assertThat(patch(id, "{\"utm\":null}").json().path("utm").isNull()).isTrue();
        assertThat(location(scan(shortUrl))).isEqualTo(menu + "?lang=de&utm_source=print#dinner");

        Map<String, String> refused = Map.of(
                "{\"destinationUrl\":\"https://example.com\",\"utm\":{\"source\":\" \"}}", "utm.source",
                "{\"destinationUrl\":\"https://example.com\",\"utm\":{\"channel\":\"x\"}}", "utm.channel",
                "{\"destinationUrl\":\"https://example.com\",\"rules\":[{\"destinationUrl\":\"https://example.com/b\","
                        + "\"utm\":{\"term\":7}}]}", "rules[0].utm.term");
        createRefusedNaming(refused);
        Api.Reply notAnObject = patch(id, "{\"utm\":\"newsletter\"}");
        assertThat(notAnObject.status()).isEqualTo(400);
        assertThat(notAnObject.json().path("error").path("field").asText()).isEqualTo("utm");
    }

    @Test
    void aCodeLeadsFromValidFromUntilItHasCountedMaxScans() {
        String raffle = destination("raffle");
        String closed = destination("raffle-closed");
        String later = Instant.now().plus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.SECONDS).toString();
        JsonNode code = create(Map.of("destinationUrl", raffle, "validFrom", later, "maxScans", 3,
                "expiredUrl", closed));
        String id = code.path("id").asText();
        String shortUrl = code.path("shortUrl").asText();
        assertThat(code.path("validFrom").asText()).isEqualTo(later);
        assertThat(code.path("maxScans").asLong()).isEqualTo(3);

        HttpResponse<String> early = scan(shortUrl);
        assertThat(early.statusCode()).isEqualTo(404);
        assertThat(early.body()).contains("not active yet");
        // The early scan counts, as a paused code's do, and so takes one of the three.
        assertThat(patch(id, "{\"validFrom\":null}").json().path("validFrom").isNull()).isTrue();
        assertThat(location(scan(shortUrl))).isEqualTo(raffle);
        assertThat(location(scan(shortUrl))).isEqualTo(raffle);
        assertThat(location(scan(shortUrl))).isEqualTo(closed);
        assertThat(scanCount(id)).isEqualTo(4);

        assertThat(patch(id, "{\"maxScans\":10,\"expiredUrl\":null}").status()).isEqualTo(200);
        assertThat(location(scan(shortUrl))).isEqualTo(raffle);
        assertThat(patch(id, "{\"maxScans\":5}").status()).isEqualTo(200);
        HttpResponse<String> capped = scan(shortUrl);
        assertThat(capped.statusCode()).isEqualTo(404);
        assertThat(capped.body()).contains("expired");
        assertThat(patch(id, "{\"maxScans\":null}").json().path("maxScans").isNull()).isTrue();
        assertThat(location(scan(shortUrl))).isEqualTo(raffle);

        Map<String, String> refused = Map.of(
                "{\"destinationUrl\":\"https://example.com\",\"validFrom\":\"2027-02-01T00:00:00Z\","
                        + "\"expiresAt\":\"2027-01-01T00:00:00Z\"}", "validFrom",
                "{\"destinationUrl\":\"https://example.com\",\"validFrom\":\"soon\"}", "validFrom",
                "{\"destinationUrl\":\"https://example.com\",\"maxScans\":0}", "maxScans",
                "{\"destinationUrl\":\"https://example.com\",\"maxScans\":1.5}", "maxScans",
                "{\"destinationUrl\":\"https://example.com\",\"maxScans\":\"10\"}", "maxScans");
        createRefusedNaming(refused);
        // Checked as the code stands after the patch: a start moved past the expiry is refused.
        assertThat(patch(id, "{\"expiresAt\":\"2030-01-01T00:00:00Z\"}").status()).isEqualTo(200);
        Api.Reply backwards = patch(id, "{\"validFrom\":\"2031-01-01T00:00:00Z\"}");
        assertThat(backwards.status()).isEqualTo(400);
        assertThat(backwards.json().path("error").path("field").asText()).isEqualTo("validFrom");
        assertThat(patch(id, "{\"validFrom\":\"2031-01-01T00:00:00Z\",\"expiresAt\":\"2032-01-01T00:00:00Z\"}")
                .status()).isEqualTo(200);
        assertThat(patch(id, "{\"maxScans\":-1}").json().path("error").path("field").asText()).isEqualTo("maxScans");
    }

    @Test
    void aPasswordGateAsksThenRedirectsOnTheRightPasswordCountingTheScanOnce() {
        String members = destination("members");
        Api.Reply created = Api.post("/api/v1/dynamic", Api.json(Map.of("destinationUrl", members,
                "utm", Map.of("source", "poster"), "password", "open sesame")));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        JsonNode code = created.json();
        String id = code.path("id").asText();
        String shortUrl = code.path("shortUrl").asText();
        assertThat(code.path("passwordProtected").asBoolean()).isTrue();
        assertThat(code.has("password")).isFalse();
        Api.Reply fetched = Api.get("/api/v1/dynamic/" + id);
        Api.Reply listed = Api.get("/api/v1/dynamic?q=" + code.path("shortCode").asText());
        assertThat(listed.json().path("items").get(0).path("passwordProtected").asBoolean()).isTrue();
        for (Api.Reply view : List.of(created, fetched, listed)) {
            assertThat(view.text()).doesNotContain("open sesame").doesNotContain("argon2").doesNotContain("\"password\"");
        }

        HttpResponse<String> page = scan(shortUrl);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html;charset=utf-8");
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(
                csp -> assertThat(csp).contains("default-src 'none'").doesNotContain("form-action"));
        assertThat(page.headers().firstValue("Cache-Control")).hasValue("no-store");
        assertThat(page.body()).contains("<html lang=\"en\">", "<form method=\"post\" action=\""
                + code.path("shortCode").asText() + "\">", "<label for=\"password\">",
                "<input id=\"password\" name=\"password\" type=\"password\" required").doesNotContain("<script");

        HttpResponse<String> wrong = unlock(shortUrl, "open sesame!");
        assertThat(wrong.statusCode()).isEqualTo(403);
        assertThat(wrong.body()).contains("role=\"alert\"", "aria-invalid=\"true\"", "<form method=\"post\"");
        assertThat(wrong.headers().firstValue("Set-Cookie")).isEmpty();
        assertThat(scanCount(id)).isZero();

        HttpResponse<String> right = unlock(shortUrl, "open sesame");
        assertThat(right.statusCode()).as(right.body()).isEqualTo(303);
        assertThat(right.headers().firstValue("Location")).hasValue(members + "?utm_source=poster");
        assertThat(scanCount(id)).isEqualTo(1);

        // The pass is for this short link only; with it, the next scan goes straight on and counts as any scan.
        String pass = right.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(pass).contains("; Path=/s/" + code.path("shortCode").asText() + ";", "; HttpOnly", "SameSite=Lax")
                .doesNotContain("open sesame");
        assertThat(location(scan(shortUrl, "Cookie", pass.substring(0, pass.indexOf(';')))))
                .isEqualTo(members + "?utm_source=poster");
        assertThat(scan(shortUrl, "Cookie", "qrforge_gate=4102444800.forged").statusCode()).isEqualTo(200);
        assertThat(scanCount(id)).isEqualTo(2);
        // A password in the URL is no attempt: only the form's body is read.
        assertThat(scan(HttpRequest.newBuilder(URI.create(shortUrl + "?password=open+sesame"))
                .POST(HttpRequest.BodyPublishers.noBody())).statusCode()).isEqualTo(403);
    }

    @Test
    void passwordAttemptsAreLimitedPerCodeAndClient() {
        JsonNode code = create(Map.of("destinationUrl", destination("limited"), "password", "correct horse"));
        String shortUrl = code.path("shortUrl").asText();
        // The default budget is 10 a minute; two windows' worth, should the attempts straddle a minute's end.
        HttpResponse<String> refused = null;
        for (int attempt = 0; attempt <= 20 && refused == null; attempt++) {
            HttpResponse<String> response = unlock(shortUrl, "guess " + attempt);
            if (response.statusCode() == 429) {
                refused = response;
            } else {
                assertThat(response.statusCode()).isEqualTo(403);
            }
        }
        assertThat(refused).as("no 429 after 21 wrong passwords").isNotNull();
        assertThat(refused.headers().firstValue("Retry-After")).hasValueSatisfying(
                seconds -> assertThat(Long.parseLong(seconds)).isBetween(1L, 60L));
        assertThat(refused.body()).contains("Too many attempts", "<form method=\"post\"");
        // Another code's budget is its own.
        JsonNode other = create(Map.of("destinationUrl", destination("limited"), "password", "correct horse"));
        assertThat(unlock(other.path("shortUrl").asText(), "correct horse").statusCode()).isEqualTo(303);
        assertThat(scanCount(code.path("id").asText())).isZero();
    }

    @Test
    void aPatchSetsOrRemovesTheGateAndAPausedCodeSaysSoFirst() {
        JsonNode code = create(Map.of("destinationUrl", destination("open")));
        String id = code.path("id").asText();
        String shortUrl = code.path("shortUrl").asText();
        assertThat(code.path("passwordProtected").asBoolean()).isFalse();

        Api.Reply gated = patch(id, "{\"password\":\"staff only\"}");
        assertThat(gated.status()).as(gated.toString()).isEqualTo(200);
        assertThat(gated.json().path("passwordProtected").asBoolean()).isTrue();
        assertThat(scan(shortUrl).statusCode()).isEqualTo(200);
        patch(id, "{\"status\":\"paused\"}");
        HttpResponse<String> paused = scan(shortUrl);
        assertThat(paused.statusCode()).isEqualTo(404);
        assertThat(paused.body()).contains("paused").doesNotContain("<form");
        patch(id, "{\"status\":\"active\"}");

        // A new password ends the passes of the old one.
        String pass = unlock(shortUrl, "staff only").headers().firstValue("Set-Cookie").orElseThrow();
        String cookie = pass.substring(0, pass.indexOf(';'));
        assertThat(patch(id, "{\"password\":\"new staff\"}").status()).isEqualTo(200);
        assertThat(scan(shortUrl, "Cookie", cookie).statusCode()).isEqualTo(200);

        Api.Reply removed = patch(id, "{\"password\":null}");
        assertThat(removed.json().path("passwordProtected").asBoolean()).isFalse();
        assertThat(scan(shortUrl).statusCode()).isEqualTo(302);
    }

    @Test
    void badPasswordsAreRefusedNamingTheField() {
        createRefusedNaming(Map.of(
                "{\"destinationUrl\":\"https://example.com\",\"password\":\"abc\"}", "password",
                "{\"destinationUrl\":\"https://example.com\",\"password\":\"" + "p".repeat(129) + "\"}", "password",
                "{\"destinationUrl\":\"https://example.com\",\"password\":\"two\\nlines\"}", "password",
                "{\"destinationUrl\":\"https://example.com\",\"password\":12345}", "password"));
        String id = create(Map.of("destinationUrl", destination("bad-passwords"))).path("id").asText();
        for (String body : List.of("{\"password\":\"\"}", "{\"password\":1234}", "{\"password\":[\"abcd\"]}")) {
            Api.Reply reply = patch(id, body);
            assertThat(reply.status()).as(body + " -> " + reply).isEqualTo(400);
            assertThat(reply.json().path("error").path("field").asText()).as(body).isEqualTo("password");
        }
        assertThat(Api.get("/api/v1/dynamic/" + id).json().path("passwordProtected").asBoolean()).isFalse();
    }

    @Test
    void unknownShortCodeIsANotFoundPage() {
        HttpResponse<String> response = scan(Api.BASE_URL + "/s/no-such-code-" + UUID.randomUUID().toString().substring(0, 8));
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
    }

    @Test
    void customShortCodes() {
        String custom = "spring-" + UUID.randomUUID().toString().substring(0, 8);
        JsonNode code = create(Map.of("destinationUrl", destination("custom"), "shortCode", custom));
        assertThat(code.path("shortCode").asText()).isEqualTo(custom);
        assertThat(code.path("shortUrl").asText()).endsWith("/s/" + custom);

        Api.Reply taken = Api.post("/api/v1/dynamic", Api.json(Map.of("destinationUrl", destination("x"), "shortCode", custom)));
        assertThat(taken.status()).isEqualTo(409);
        assertThat(taken.json().path("error").path("code").asText()).isEqualTo("CONFLICT");
        assertThat(taken.json().path("error").path("field").asText()).isEqualTo("shortCode");

        for (String bad : new String[] {"ab", "has space", "x".repeat(65), "ümlaut"}) {
            Api.Reply reply = Api.post("/api/v1/dynamic", Api.json(Map.of("destinationUrl", destination("x"), "shortCode", bad)));
            assertThat(reply.status()).as(bad).isEqualTo(400);
            assertThat(reply.json().path("error").path("field").asText()).isEqualTo("shortCode");
        }
    }

    @Test
    void badInputNamesTheField() {
        Map<String, String> cases = Map.of(
                "{\"title\":\"no destination\"}", "destinationUrl",
                "{\"destinationUrl\":\"javascript:alert(1)\"}", "destinationUrl",
                "{\"destinationUrl\":\"data:text/html,hi\"}", "destinationUrl",
                "{\"destinationUrl\":\"/relative\"}", "destinationUrl",
                "{\"destinationUrl\":\"https://example.com/" + "a".repeat(2048) + "\"}", "destinationUrl",
                "{\"destinationUrl\":\"https://example.com\",\"expiresAt\":\"tomorrow\"}", "expiresAt",
                "{\"destinationUrl\":\"https://example.com\",\"expiredUrl\":\"ftp://example.com\"}", "expiredUrl",
                "{\"destinationUrl\":\"https://example.com\",\"status\":\"on\"}", "status",
                "{\"destinationUrl\":\"https://example.com\",\"rules\":[{\"when\":{\"os\":[\"BeOS\"]},\"destinationUrl\":\"https://example.com/b\"}]}", "rules[0].when.os[0]",
                "{\"destinationUrl\":\"https://example.com\",\"size\":20}", "size");
        createRefusedNaming(cases);
        String id = create(Map.of("destinationUrl", destination("patch-errors"))).path("id").asText();
        Map<String, String> patches = Map.of(
                "{\"destinationUrl\":null}", "destinationUrl",
                "{\"destinationUrl\":\"mailto:a@b.c\"}", "destinationUrl",
                "{\"shortCode\":\"renamed\"}", "shortCode",
                "{\"rules\":[{\"when\":{},\"split\":[{\"destinationUrl\":\"https://example.com/a\",\"weight\":0},{\"destinationUrl\":\"https://example.com/b\",\"weight\":1}]}]}", "rules[0].split[0].weight",
                "{\"title\":42}", "title");
        patches.forEach((body, field) -> {
            Api.Reply reply = patch(id, body);
            assertThat(reply.status()).as(body + " -> " + reply).isEqualTo(400);
            assertThat(reply.json().path("error").path("field").asText()).as(body).isEqualTo(field);
        });
        assertThat(patch(id, "[1]").status()).isEqualTo(400);
        assertThat(patch("dyn_unknown000000000000", "{\"title\":\"x\"}").status()).isEqualTo(404);
    }

    @Test
    void rulesRouteByOsDeviceBrowserCountryLanguageAndScanCount() {
        String fallback = destination("fallback");
        List<Object> rules = List.of(
                Map.of("name", "first scan", "when", Map.of("scanCountBelow", 1), "destinationUrl", destination("first")),
                Map.of("when", Map.of("device", List.of("tablet")), "destinationUrl", "https://example.com/tablet"),
                Map.of("when", Map.of("os", List.of("iOS")), "destinationUrl", "https://example.com/ios"),
                Map.of("when", Map.of("browser", List.of("Firefox")), "destinationUrl", "https://example.com/firefox"),
                Map.of("when", Map.of("country", List.of("DE")), "destinationUrl", "https://example.com/de"),
                Map.of("when", Map.of("language", List.of("fr")), "destinationUrl", "https://example.com/fr"),
                Map.of("when", Map.of("endAt", "2001-01-01T00:00:00Z"), "destinationUrl", "https://example.com/past"),
                Map.of("when", Map.of("daysOfWeek", List.of("monday", "tuesday", "wednesday", "thursday", "friday",
                        "saturday", "sunday"), "timezone", "Pacific/Auckland"),
                        "destinationUrl", "https://example.com/any-time"));
        JsonNode code = create(Map.of("destinationUrl", fallback, "rules", rules));
        String shortUrl = code.path("shortUrl").asText();

        // A bot is redirected but not counted, so the "first scan" rule is still there for a person.
        assertThat(location(scan(shortUrl, "User-Agent", UserAgents.GOOGLEBOT))).startsWith("https://example.com/first/");
        assertThat(scanCount(code.path("id").asText())).isZero();
        assertThat(location(scan(shortUrl))).startsWith("https://example.com/first/");
        assertThat(location(scan(shortUrl, "User-Agent", UserAgents.IPAD))).isEqualTo("https://example.com/tablet");
        assertThat(location(scan(shortUrl, "User-Agent", UserAgents.IPHONE))).isEqualTo("https://example.com/ios");
        assertThat(location(scan(shortUrl, "User-Agent", UserAgents.FIREFOX_WINDOWS))).isEqualTo("https://example.com/firefox");
        assertThat(location(scan(shortUrl, "CF-IPCountry", "DE"))).isEqualTo("https://example.com/de");
        assertThat(location(scan(shortUrl, "Accept-Language", "fr-CH, fr;q=0.9, en;q=0.8"))).isEqualTo("https://example.com/fr");
        assertThat(location(scan(shortUrl, "Accept-Language", "en-GB"))).isEqualTo("https://example.com/any-time");
        assertThat(code.path("rules").get(0).path("name").asText()).isEqualTo("first scan");
        assertThat(scanCount(code.path("id").asText())).isEqualTo(7);
    }

    @Test
    void workspacesAreIsolated() {
        JsonNode code = create(Map.of("destinationUrl", destination("mine")));
        String id = code.path("id").asText();
        assertThat(Api.send(Api.requestAs(Api.OTHER_KEY, "/api/v1/dynamic/" + id).GET()).status()).isEqualTo(404);
        assertThat(Api.send(Api.requestAs(Api.OTHER_KEY, "/api/v1/dynamic/" + id)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"status\":\"paused\"}"))).status()).isEqualTo(404);
        assertThat(Api.send(Api.requestAs(Api.OTHER_KEY, "/api/v1/dynamic?limit=200").GET()).json()
                .path("items").findValuesAsText("id")).doesNotContain(id);
        assertThat(Api.get("/api/v1/dynamic/" + id).json().path("status").asText()).isEqualTo("active");
    }

    @Test
    void listingIsNewestFirstAndPaged() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(create(Map.of("destinationUrl", destination("list"))).path("id").asText());
        }
        JsonNode first = Api.get("/api/v1/dynamic?limit=2").json();
        assertThat(first.path("items").get(0).path("id").asText()).isEqualTo(ids.get(2));
        assertThat(first.path("items").get(1).path("id").asText()).isEqualTo(ids.get(1));
        JsonNode second = Api.get("/api/v1/dynamic?limit=2&cursor=" + first.path("nextCursor").asText()).json();
        assertThat(second.path("items").get(0).path("id").asText()).isEqualTo(ids.get(0));
    }

    @Test
    void twoThousandConcurrentScansAreCountedExactly() {
        JsonNode code = create(Map.of("destinationUrl", destination("busy")));
        URI shortUrl = URI.create(code.path("shortUrl").asText());
        int scans = 2000;
        Semaphore inFlight = new Semaphore(64);
        List<CompletableFuture<Integer>> statuses = new ArrayList<>();
        for (int i = 0; i < scans; i++) {
            inFlight.acquireUninterruptibly();
            statuses.add(SCANNER.sendAsync(HttpRequest.newBuilder(shortUrl).header("User-Agent", UserAgents.IPHONE).GET().build(),
                    HttpResponse.BodyHandlers.discarding()).thenApply(HttpResponse::statusCode)
                    .whenComplete((status, error) -> inFlight.release()));
        }
        assertThat(statuses.stream().map(CompletableFuture::join)).hasSize(scans).containsOnly(302);
        assertThat(scanCount(code.path("id").asText())).isEqualTo(scans);
    }
}
