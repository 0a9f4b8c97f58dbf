package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * OWASP API1, broken object level authorisation: every endpoint, asked by one workspace for another's resource,
 * answers 404 exactly as for an id that does not exist, and listings never show it. Walked twice: with two
 * workspaces' API keys, and with two Keycloak service accounts' tokens.
 */
class WorkspaceIsolationIT extends ServerTest {

    /** A resource's owner and an outsider; tokens are fetched per use, as they expire. */
    private record Pair(Supplier<String> owner, Supplier<String> outsider) {
    }

    private static Pair credentials(String kind) {
        return kind.equals("api-keys") ? new Pair(() -> Api.KEY, () -> Api.OTHER_KEY)
                : new Pair(() -> Tokens.of(Tokens.ALPHA), () -> Tokens.of(Tokens.BETA));
    }

    @ParameterizedTest
    @ValueSource(strings = {"api-keys", "keycloak-tokens"})
    void noEndpointRevealsAnotherWorkspacesResources(String kind) {
        Pair pair = credentials(kind);
        String owner = pair.owner().get();
        String qr = created(Api.postAs(owner, "/api/v1/qr", Api.json(Map.of("data", "https://example.com/own"))))
                .path("id").asText();
        JsonNode dynamic = created(Api.postAs(owner, "/api/v1/dynamic",
                Api.json(Map.of("destinationUrl", "https://example.com/dyn"))));
        String dyn = dynamic.path("id").asText();
        String dynQr = dynamic.path("qr").path("id").asText();
        String idempotencyKey = "iso-" + UUID.randomUUID();
        String job = bulk(owner, idempotencyKey).json().path("jobId").asText();
        String key = created(Api.postAs(owner, "/api/v1/api-keys", Api.json(Map.of("name", "isolation"))))
                .path("id").asText();
        String campaign = created(Api.postAs(owner, "/api/v1/campaigns", Api.json(Map.of("name",
                "isolation " + UUID.randomUUID())))).path("id").asText();
        assertThat(List.of(qr, dyn, dynQr, job, key, campaign)).allSatisfy(id -> assertThat(id).isNotBlank());

        List<String> reads = List.of("/api/v1/qr/" + qr, "/api/v1/qr/" + qr + "/image", "/api/v1/dynamic/" + dyn,
                "/api/v1/qr/" + dynQr, "/api/v1/qr/" + dyn + "/analytics", "/api/v1/qr/" + dynQr + "/analytics",
                "/api/v1/qr/" + dyn + "/scans", "/api/v1/qr/bulk/" + job, "/api/v1/qr/bulk/" + job + "/archive",
                "/api/v1/campaigns/" + campaign, "/api/v1/campaigns/" + campaign + "/analytics");
        String outsider = pair.outsider().get();
        List<Api.Reply> answers = new ArrayList<>();
        for (String path : reads) {
            answers.add(Api.getAs(outsider, path));
        }
        answers.add(Api.patchAs(outsider, "/api/v1/dynamic/" + dyn, "{\"status\":\"paused\"}"));
        answers.add(Api.deleteAs(outsider, "/api/v1/api-keys/" + key));
        answers.add(Api.patchAs(outsider, "/api/v1/campaigns/" + campaign, "{\"name\":\"x\"}"));
        answers.add(Api.deleteAs(outsider, "/api/v1/campaigns/" + campaign));
        for (Api.Reply answer : answers) {
            assertThat(answer.status()).as(answer.raw().request().method() + " " + answer.raw().uri() + " -> "
                    + answer).isEqualTo(404);
            assertThat(answer.json().path("error").path("code").asText()).isEqualTo("NOT_FOUND");
            assertThat(answer.text()).doesNotContain("https://example.com/");
        }
        for (String listing : List.of("/api/v1/qr?limit=200", "/api/v1/dynamic?limit=200",
                "/api/v1/api-keys?limit=200", "/api/v1/campaigns?limit=200")) {
            assertThat(Api.getAs(outsider, listing).json().path("items").findValuesAsText("id"))
                    .as(listing).doesNotContain(qr, dyn, dynQr, key, campaign);
        }
        String theirJob = bulk(outsider, idempotencyKey).json().path("jobId").asText();
        assertThat(theirJob).as("an Idempotency-Key is scoped to its workspace").isNotEqualTo(job);

        String ownerAgain = pair.owner().get();
        for (String path : reads.subList(0, 8)) {
            assertThat(Api.getAs(ownerAgain, path).status()).as("the owner still reads " + path).isEqualTo(200);
        }
        assertThat(Api.getAs(ownerAgain, "/api/v1/dynamic/" + dyn).json().path("status").asText())
                .isEqualTo("active");
        assertThat(Api.getAs(ownerAgain, "/api/v1/api-keys?limit=200").json().path("items").findValuesAsText("id"))
                .contains(key);
    }

    private static JsonNode created(Api.Reply reply) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json();
    }

    private static Api.Reply bulk(String credential, String idempotencyKey) {
        Api.Reply accepted = Api.send(Api.requestAs(credential, "/api/v1/qr/bulk")
                .header("Content-Type", "application/json").header("Idempotency-Key", idempotencyKey)
                .POST(HttpRequest.BodyPublishers.ofString(Api.json(Map.of("items",
                        List.of(Map.of("data", "https://example.com/bulk-own")))))));
        assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);
        return accepted;
    }
}
