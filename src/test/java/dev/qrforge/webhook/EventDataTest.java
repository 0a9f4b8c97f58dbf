package dev.qrforge.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.client.ClientFacts;
import dev.qrforge.qr.CodeDeleted;
import dev.qrforge.scan.Route;
import dev.qrforge.scan.ScanEvent;
import java.net.InetAddress;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The data of events as receivers get it: a stable shape (unknown values as null, not absent) and nothing that
 * identifies a person or names the workspace. code.deleted is fired by the DELETE endpoints, tested end to end
 * with them; this is its payload.
 */
class EventDataTest {

    private static final ObjectMapper JSON = JsonConfig.build();
    private static final Instant AT = Instant.parse("2025-06-01T12:00:00.123456Z");

    @Test
    void aDeletedStaticCodeSaysSoWithNullsAndNoWorkspace() {
        JsonNode data = JSON.valueToTree(WebhookTriggers.DeletedData.of(
                new CodeDeleted("ws_1", "qr_1", null, false, AT)));
        assertThat(data.fieldNames()).toIterable()
                .containsExactly("qrCodeId", "dynamicCodeId", "erased", "deletedAt");
        assertThat(data.path("qrCodeId").asText()).isEqualTo("qr_1");
        assertThat(data.path("dynamicCodeId").isNull()).isTrue();
        assertThat(data.path("deletedAt").asText()).isEqualTo("2025-06-01T12:00:00.123456Z");
        assertThat(data.toString()).doesNotContain("ws_1");
    }

    @Test
    void aDeletedDynamicCodeNamesItsDynamicCode() {
        JsonNode data = JSON.valueToTree(WebhookTriggers.DeletedData.of(
                new CodeDeleted("ws_1", "qr_2", "dyn_2", true, AT)));
        assertThat(data.path("dynamicCodeId").asText()).isEqualTo("dyn_2");
        assertThat(data.path("erased").asBoolean()).isTrue();
    }

    @Test
    void aScanCarriesNeitherTheAddressNorTheVisitorKey() throws Exception {
        ClientFacts facts = new ClientFacts("iOS", "17.4", "mobile", "Safari", "17.4", "GB", null, "London", "en",
                null, false, InetAddress.getByName("81.2.69.142"));
        JsonNode data = JSON.valueToTree(new WebhookTriggers.ScansData(List.of(
                WebhookTriggers.ScanData.of(new ScanEvent("dyn_1", AT, facts, "visitor-key-1",
                        new Route(Route.RULE, 0, "spring", 1, "https://example.com/b"))))));
        String text = data.toString();
        assertThat(text).doesNotContain("81.2.69.142").doesNotContain("visitor-key-1");
        JsonNode scan = data.path("scans").get(0);
        assertThat(scan.path("codeId").asText()).isEqualTo("dyn_1");
        assertThat(scan.path("city").asText()).isEqualTo("London");
        assertThat(scan.has("region")).as("unknown, but present").isTrue();
        assertThat(scan.path("region").isNull()).isTrue();
        assertThat(scan.path("arm").asInt()).isEqualTo(1);
        assertThat(scan.path("destinationUrl").asText()).isEqualTo("https://example.com/b");
    }
}
