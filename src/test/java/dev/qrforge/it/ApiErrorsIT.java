package dev.qrforge.it;

import static dev.qrforge.it.Api.KEY;
import static dev.qrforge.it.Api.patchAs;
import static dev.qrforge.it.Api.post;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every error the API can return: spec envelope, right status, the offending field named, never a stack trace. */
class ApiErrorsIT extends ServerTest {

    /** Asserts the envelope and returns its {@code error} object. */
    private static JsonNode error(Api.Reply reply, int status, String code, String field) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(status);
        assertThat(reply.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        JsonNode error = reply.json().path("error");
        assertThat(error.path("code").asText()).isEqualTo(code);
        if (field == null) {
            assertThat(error.has("field")).as(reply.toString()).isFalse();
        } else {
            assertThat(error.path("field").asText()).isEqualTo(field);
        }
        assertThat(error.path("message").asText()).isNotBlank().doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(error.path("request_id").asText()).startsWith("req_");
        assertThat(reply.header("X-Request-Id")).hasValue(error.path("request_id").asText());
        return error;
    }

    private static Api.Reply generate(String json) {
        return post("/api/v1/qr", json);
    }

    @Test
    void sizeOutsideTheRange() {
        for (int size : new int[] {99, 5001, 0, -1}) {
            JsonNode error = error(generate("{\"data\":\"x\",\"size\":" + size + "}"), 400, "INVALID_PARAMETER", "size");
            assertThat(error.path("message").asText()).isEqualTo("size must be between 100 and 5000");
        }
        assertThat(generate("{\"data\":\"x\",\"size\":100}").status()).isEqualTo(201);
        assertThat(generate("{\"data\":\"x\",\"size\":5000,\"format\":\"svg\"}").status()).isEqualTo(201);
    }

    @Test
    void dataMissingEmptyOrTooLong() {
        error(generate("{\"format\":\"svg\"}"), 400, "INVALID_PARAMETER", "data");
        error(generate("{\"data\":\"\"}"), 400, "INVALID_PARAMETER", "data");
        JsonNode tooLong = error(generate(Api.json(Map.of("data", "x".repeat(3000)))), 400, "INVALID_PARAMETER", "data");
        assertThat(tooLong.path("message").asText()).contains("2331").contains("M");
        JsonNode atH = error(generate(Api.json(Map.of("data", "x".repeat(2000), "errorCorrection", "H"))), 400,
                "INVALID_PARAMETER", "data");
        assertThat(atH.path("message").asText()).contains("1273");
    }

    @Test
    void badValuesNameTheFieldAndTheAllowedValues() {
        assertThat(error(generate("{\"data\":\"x\",\"format\":\"gif\"}"), 400, "INVALID_PARAMETER", "format")
                .path("message").asText()).contains("svg").contains("png");
        assertThat(error(generate("{\"data\":\"x\",\"design\":{\"bodyStyle\":\"hearts\"}}"), 400,
                "INVALID_PARAMETER", "design.bodyStyle").path("message").asText()).contains("rounded-pointed");
        assertThat(error(generate("{\"data\":\"x\",\"design\":{\"foregroundColor\":\"red\"}}"), 400,
                "INVALID_PARAMETER", "design.foregroundColor").path("message").asText()).contains("#rrggbb");
        error(generate("{\"data\":\"x\",\"design\":{\"backgroundColor\":\"#fff\"}}"), 400, "INVALID_PARAMETER",
                "design.backgroundColor");
        assertThat(error(generate("{\"data\":\"x\",\"design\":{\"gradientType\":\"conic\",\"gradientColor2\":\"#000000\"}}"),
                400, "INVALID_PARAMETER", "design.gradientType").path("message").asText()).contains("linear");
        error(generate("{\"data\":\"x\",\"design\":{\"gradientType\":\"linear\"}}"), 400, "INVALID_PARAMETER",
                "design.gradientColor2");
        error(generate("{\"data\":\"x\",\"errorCorrection\":\"X\"}"), 400, "INVALID_PARAMETER", "errorCorrection");
        error(generate("{\"data\":\"x\",\"margin\":21}"), 400, "INVALID_PARAMETER", "margin");
    }

    @Test
    void wrongTypesAndUnknownFields() {
        assertThat(error(generate("{\"data\":\"x\",\"size\":\"300\"}"), 400, "INVALID_PARAMETER", "size")
                .path("message").asText()).contains("number");
        error(generate("{\"data\":\"x\",\"size\":300.5}"), 400, "INVALID_PARAMETER", "size");
        error(generate("{\"data\":42}"), 400, "INVALID_PARAMETER", "data");
        error(generate("{\"data\":\"x\",\"design\":\"blue\"}"), 400, "INVALID_PARAMETER", "design");
        error(generate("{\"data\":\"x\",\"design\":{\"foregroundColor\":[1,2]}}"), 400, "INVALID_PARAMETER",
                "design.foregroundColor");
        assertThat(error(generate("{\"data\":\"x\",\"colour\":\"#000000\"}"), 400, "INVALID_PARAMETER", "colour")
                .path("message").asText()).contains("unknown field");
        error(generate("{\"data\":\"x\",\"design\":{\"eyeStyle\":\"x\"}}"), 400, "INVALID_PARAMETER",
                "design.eyeStyle");
    }

    @Test
    void nullOnlyWhereTheDocumentTypesItNullable() {
        // Each of these was taken for "not given" (issue 36); the document has no null for any of them.
        assertThat(error(post("/api/v1/api-keys", "{\"name\":\"till\",\"expiresAt\":null}"), 400,
                "INVALID_PARAMETER", "expiresAt").path("message").asText())
                .isEqualTo("cannot be null; leave it out for the default");
        error(post("/api/v1/qr/bulk", "{\"defaults\":null,\"items\":[{\"data\":\"x\"}]}"), 400,
                "INVALID_PARAMETER", "defaults");
        error(post("/api/v1/templates", "{\"name\":\"Brand\",\"design\":{\"logo\":null}}"), 400,
                "INVALID_PARAMETER", "design.logo");
        error(patchAs(KEY, "/api/v1/dynamic/bulk", "{\"ids\":null,\"filter\":{\"tag\":\"none-such\"},"
                + "\"patch\":{\"status\":\"paused\"}}"), 400, "INVALID_PARAMETER", "ids");
        error(patchAs(KEY, "/api/v1/dynamic/bulk", "{\"ids\":[\"dyn_none\"],\"filter\":null,"
                + "\"patch\":{\"status\":\"paused\"}}"), 400, "INVALID_PARAMETER", "filter");
        // Where the document says nullable, null is the same as leaving the member out.
        assertThat(post("/api/v1/campaigns", "{\"name\":\"Nulls " + System.nanoTime()
                + "\",\"description\":null}").status()).isEqualTo(201);
    }

    @Test
    void mergePatchesRefuseUnknownFieldsWhateverTheirValue() {
        Api.Reply template = post("/api/v1/templates",
                "{\"name\":\"Brand\",\"design\":{\"foregroundColor\":\"#1a237e\"}}");
        assertThat(template.status()).as(template.toString()).isEqualTo(201);
        String path = "/api/v1/templates/" + template.json().path("id").asText();
        assertThat(error(patchAs(KEY, path, "{\"\": null}"), 400, "INVALID_PARAMETER", "").path("message").asText())
                .isEqualTo("unknown field ''; allowed: design, name");
        error(patchAs(KEY, path, "{\"design\": {\"shadow\": null}}"), 400, "INVALID_PARAMETER", "design.shadow");
        error(patchAs(KEY, "/api/v1/campaigns/cmp_none", "{\"\": null}"), 400, "INVALID_PARAMETER", "");
    }

    @Test
    void malformedJson() {
        error(generate("{\"data\":"), 400, "INVALID_JSON", null);
        error(generate("not json"), 400, "INVALID_JSON", null);
        error(generate(""), 400, "INVALID_JSON", null);
        error(generate("null"), 400, "INVALID_JSON", null);
        error(generate("[1,2]"), 400, "INVALID_JSON", null);
        error(generate("{\"data\":\"x\"} trailing"), 400, "INVALID_JSON", null);
    }

    @Test
    void authentication() {
        for (HttpRequest.Builder request : new HttpRequest.Builder[] {
                HttpRequest.newBuilder(URI.create(Api.BASE_URL + "/api/v1/qr")),
                HttpRequest.newBuilder(URI.create(Api.BASE_URL + "/api/v1/qr")).header("Authorization", "Basic Zm9vOmJhcg=="),
                HttpRequest.newBuilder(URI.create(Api.BASE_URL + "/api/v1/qr")).header("Authorization", "Bearer "),
                HttpRequest.newBuilder(URI.create(Api.BASE_URL + "/api/v1/qr")).header("Authorization", "Bearer qrk_not_a_real_key_000000000"),
                HttpRequest.newBuilder(URI.create(Api.BASE_URL + "/api/v1/nothing-here")),
        }) {
            Api.Reply reply = Api.send(request.timeout(Duration.ofSeconds(30)).GET());
            error(reply, 401, "UNAUTHORIZED", null);
            assertThat(reply.header("WWW-Authenticate")).hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
        }
    }

    @Test
    void notFoundAndMethodNotAllowed() {
        error(Api.get("/api/v1/qr/qr_doesNotExist0000000"), 404, "NOT_FOUND", null);
        error(Api.get("/api/v1/qr/qr_doesNotExist0000000/image"), 404, "NOT_FOUND", null);
        error(Api.get("/api/v1/no-such-endpoint"), 404, "NOT_FOUND", null);
        Api.Reply delete = Api.send(Api.request("/api/v1/qr").DELETE());
        error(delete, 405, "METHOD_NOT_ALLOWED", null);
        assertThat(delete.header("Allow")).isPresent();
    }

    @Test
    void wrongMediaTypes() {
        error(Api.send(Api.request("/api/v1/qr").header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("data=x"))), 415, "UNSUPPORTED_MEDIA_TYPE", null);
        error(Api.send(Api.request("/api/v1/qr").header("Content-Type", "application/json").header("Accept", "text/html")
                .POST(HttpRequest.BodyPublishers.ofString("{\"data\":\"x\"}"))), 406, "NOT_ACCEPTABLE", null);
        error(Api.send(Api.request("/api/v1/qr").header("Content-Type", "application/json").header("Accept", "image/png")
                .POST(HttpRequest.BodyPublishers.ofString("{\"data\":\"x\",\"format\":\"svg\"}"))), 406,
                "NOT_ACCEPTABLE", "format");
    }

    @Test
    void oversizeBodies() {
        String big = "{\"data\":\"" + "x".repeat(2_200_000) + "\"}";
        error(generate(big), 413, "PAYLOAD_TOO_LARGE", null);
        // Chunked, so no Content-Length announces the size: the limit must hold while reading.
        Api.Reply chunked = Api.send(Api.request("/api/v1/qr").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(big.getBytes()))));
        error(chunked, 413, "PAYLOAD_TOO_LARGE", null);
    }

    @Test
    void badPagingParameters() {
        error(Api.get("/api/v1/qr?limit=abc"), 400, "INVALID_PARAMETER", "limit");
        error(Api.get("/api/v1/qr?limit=0"), 400, "INVALID_PARAMETER", "limit");
        error(Api.get("/api/v1/qr?limit=201"), 400, "INVALID_PARAMETER", "limit");
        error(Api.get("/api/v1/qr?cursor=%21%21garbage"), 400, "INVALID_PARAMETER", "cursor");
        error(Api.get("/api/v1/qr?limit="), 400, "INVALID_PARAMETER", "limit");
    }

    /** One rule for query strings (api.QueryParameters): an unknown parameter, or one given twice, is refused. */
    @Test
    void unknownAndRepeatedQueryParameters() {
        JsonNode unknown = error(Api.get("/api/v1/qr?limt=5"), 400, "INVALID_PARAMETER", "limt");
        assertThat(unknown.path("message").asText()).contains("unknown query parameter").contains("limit");
        error(Api.get("/api/v1/design-options?x=1"), 400, "INVALID_PARAMETER", "x");
        error(Api.get("/api/v1/campaigns?limit=&limit=%2F"), 400, "INVALID_PARAMETER", "limit");
        error(Api.get("/api/v1/qr?limit=5&limit=5"), 400, "INVALID_PARAMETER", "limit");
        assertThat(Api.get("/api/v1/qr?limit=5").status()).isEqualTo(200);
    }

    /** The audit log's format and paging are checked on the CSV export too. */
    @Test
    void auditQueryParametersAreChecked() {
        error(Api.get("/api/v1/audit?format="), 400, "INVALID_PARAMETER", "format");
        error(Api.get("/api/v1/audit?format=csv&limit=-896"), 400, "INVALID_PARAMETER", "limit");
        error(Api.get("/api/v1/audit?format=csv&cursor=%21%21"), 400, "INVALID_PARAMETER", "cursor");
    }

    /**
     * Timestamps from 2000 to before 9999 only, so that every timestamp written back is RFC 3339 in every zone (in
     * year 307, Berlin's offset was its local mean time, +00:53:28); offsets as RFC 3339 allows them, to 23:59.
     */
    @Test
    void timestampsOutsideTheSupportedRange() {
        JsonNode early = error(Api.get("/api/v1/analytics?from=0307-01-24T00:00:00Z&timezone=Europe/Berlin"), 400,
                "INVALID_PARAMETER", "from");
        assertThat(early.path("message").asText()).contains("2000-01-01T00:00:00Z");
        error(Api.get("/api/v1/qr?createdTo=9999-06-01T00:00:00Z"), 400, "INVALID_PARAMETER", "createdTo");
        assertThat(Api.get("/api/v1/qr?createdTo=2026-05-04T22:34:48-23:22").status()).isEqualTo(200);
        Api.Reply berlin = Api.get("/api/v1/analytics?from=2000-01-01T00:00:00Z&to=2000-01-03T00:00:00Z"
                + "&timezone=Europe/Berlin&granularity=day");
        assertThat(berlin.status()).as(berlin.toString()).isEqualTo(200);
        assertThat(berlin.json().path("timeline").get(0).path("start").asText())
                .isEqualTo("2000-01-01T00:00:00+01:00");
    }

    /** A path beside an id's is not an id: PATCH on /qr/preview is the 405 of a path that serves POST. */
    @Test
    void fixedPathsBesideIdsAnswerTheirOwnMethods() {
        Api.Reply patch = Api.send(Api.request("/api/v1/qr/preview").header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{}")));
        error(patch, 405, "METHOD_NOT_ALLOWED", null);
        assertThat(patch.header("Allow")).hasValueSatisfying(allow -> assertThat(allow).contains("POST"));
        error(Api.send(Api.request("/api/v1/dynamic/bulk").GET()), 405, "METHOD_NOT_ALLOWED", null);
    }
}
