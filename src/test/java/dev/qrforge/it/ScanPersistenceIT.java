package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.UserAgents;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Counted scans survive a graceful restart: the buffer is flushed when the application stops. */
class ScanPersistenceIT extends ServerTest {

    @Test
    void scansBufferedAtShutdownAreCountedAfterRestart() {
        JsonNode code = DynamicCodesIT.create(Map.of("destinationUrl", "https://example.com/restart"));
        String id = code.path("id").asText();
        for (int i = 0; i < 25; i++) {
            DynamicCodesIT.location(DynamicCodesIT.scan(code.path("shortUrl").asText()));
        }
        DynamicCodesIT.location(DynamicCodesIT.scan(code.path("shortUrl").asText(), "User-Agent", UserAgents.GOOGLEBOT));
        assertThat(DynamicCodesIT.scanCount(id)).isEqualTo(25);

        restartServer();

        assertThat(DynamicCodesIT.scanCount(id)).isEqualTo(25);
    }
}
