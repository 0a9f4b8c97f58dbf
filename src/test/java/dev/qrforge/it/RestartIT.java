package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertAll;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.UserAgents;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * What must survive a graceful restart, all across one restart of the suite's server: a restart costs a boot, and
 * each case used to pay one of its own. Each case does its part before the restart and hands back what to check
 * after it; the checks all run, and all their failures are reported, even when an earlier one fails. (ObservabilityIT
 * restarts on its own: it needs the first render after a start to be a request's, and the resumed job renders first.)
 */
class RestartIT extends ServerTest {

    @Test
    void whatWasDoneBeforeARestartHoldsAfterIt() {
        List<Executable> afterRestart = List.of(
                WebhooksIT.aRestartInTheMiddleOfRetries(),
                aStoredCode(),
                // Last, so that the scans are still buffered and the job still rendering when the server stops.
                scansBufferedAtShutdown(),
                BulkIT.aJobInterruptedByARestart(),
                DynamicBulkIT.aDynamicJobInterruptedByARestart());

        restartServer();

        assertAll(afterRestart);
    }

    private static Executable aStoredCode() {
        String id = Api.post("/api/v1/qr", Api.json(Map.of("data", "https://example.com/persisted"))).json()
                .path("id").asText();
        return () -> {
            Api.Reply reply = Api.get("/api/v1/qr/" + id);
            assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
            assertThat(reply.json().path("data").asText()).isEqualTo("https://example.com/persisted");
        };
    }

    /** Counted scans the flush has not written yet are written when the application stops, not lost. */
    private static Executable scansBufferedAtShutdown() {
        JsonNode code = DynamicCodesIT.create(Map.of("destinationUrl", "https://example.com/restart"));
        String id = code.path("id").asText();
        for (int i = 0; i < 25; i++) {
            DynamicCodesIT.location(DynamicCodesIT.scan(code.path("shortUrl").asText()));
        }
        DynamicCodesIT.location(DynamicCodesIT.scan(code.path("shortUrl").asText(), "User-Agent", UserAgents.GOOGLEBOT));
        assertThat(DynamicCodesIT.scanCount(id)).isEqualTo(25);
        return () -> assertThat(DynamicCodesIT.scanCount(id)).as("scans counted after the restart").isEqualTo(25);
    }
}
