package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import org.junit.jupiter.api.Test;

/** What the server offers besides the API itself (what must survive a restart: RestartIT). */
class PlatformIT extends ServerTest {

    private static final String MANAGEMENT = "http://127.0.0.1:" + System.getProperty("it.management.port", "10190");

    /** The served document is META-INF/openapi.yaml as written, descriptions and examples included. */
    @Test
    void openApiDocumentDescribesTheApi() {
        Api.Reply reply = Api.send(HttpRequest.newBuilder(URI.create(Api.BASE_URL + "/openapi?format=JSON")).GET());
        assertThat(reply.status()).isEqualTo(200);
        JsonNode paths = reply.json().path("paths");
        assertThat(paths.has("/api/v1/qr/{id}/image")).as("GET /api/v1/qr/{id}/image documented").isTrue();
        JsonNode create = paths.path("/api/v1/qr").path("post");
        assertThat(create.path("summary").asText()).isEqualTo("Generate a styled QR code");
        assertThat(create.path("responses").path("201").path("content").path("application/json").path("example")
                .path("safety").path("status").asText()).isEqualTo("OPTIMAL");
        // A scanned model merged over the file would add a "200 OK" to every method returning a Response.
        assertThat(create.path("responses").fieldNames()).toIterable().doesNotContain("200")
                .contains("201", "400", "401", "403", "429");
        assertThat(reply.json().path("components").path("schemas").path("Error").path("description").asText())
                .isNotBlank();
    }

    /** Also proves which database this run really uses: the embedded default, or PostgreSQL when QRFORGE_DB says so. */
    @Test
    void readinessIncludesTheDatabase() {
        Api.Reply reply = Api.send(HttpRequest.newBuilder(URI.create(MANAGEMENT + "/health/ready")).GET());
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        String expected = "postgresql".equals(System.getenv("QRFORGE_DB")) ? "PostgreSQL" : "H2";
        assertThat(reply.text()).contains("\"database\"").contains("\"product\":\"" + expected + "\"");
    }

    /** A person who opens the server's address lands on the console, not on a bare 403. */
    @Test
    void theRootRedirectsToTheConsole() {
        Api.Reply reply = Api.send(HttpRequest.newBuilder(URI.create(Api.BASE_URL + "/")).GET());
        assertThat(reply.status()).as(reply.toString()).isEqualTo(302);
        assertThat(reply.header("Location")).hasValue("/console/");
        // The mapping is the root alone: other unknown paths still answer as before.
        assertThat(Api.send(HttpRequest.newBuilder(URI.create(Api.BASE_URL + "/nothing-here")).GET()).status())
                .isEqualTo(404);
    }

}
