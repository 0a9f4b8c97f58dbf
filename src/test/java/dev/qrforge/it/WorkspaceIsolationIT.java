package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One workspace never sees, nor learns of, another's resources: they answer 404 exactly like unknown ids. */
class WorkspaceIsolationIT extends ServerTest {

    private static Api.Reply getAsOther(String path) {
        return Api.send(Api.requestAs(Api.OTHER_KEY, path).GET());
    }

    @Test
    void staticCodesAreInvisibleToOtherWorkspaces() {
        String id = Api.post("/api/v1/qr", Api.json(Map.of("data", "https://example.com/private"))).json()
                .path("id").asText();

        for (String path : new String[] {"/api/v1/qr/" + id, "/api/v1/qr/" + id + "/image"}) {
            Api.Reply reply = getAsOther(path);
            assertThat(reply.status()).as(path).isEqualTo(404);
            assertThat(reply.json().path("error").path("message").asText()).isEqualTo("QR code " + id + " not found");
        }
        JsonNode others = getAsOther("/api/v1/qr?limit=200").json();
        assertThat(others.path("items").findValuesAsText("id")).doesNotContain(id);
        assertThat(Api.get("/api/v1/qr/" + id).status()).isEqualTo(200);
    }
}
