package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Per-credential budgets (the tests run with it.generation-per-minute generation requests a minute, pom.xml and
 * arquillian.xml): headers on every answer, 429 RATE_LIMITED with Retry-After once a budget is spent, reads and other
 * credentials unaffected.
 */
@DatabaseIndependent
class RateLimitIT extends ServerTest {

    private static final int GENERATION_PER_MINUTE = Integer.getInteger("it.generation-per-minute");

    @Test
    void aSpentGenerationBudgetIs429UntilTheMinuteEnds() {
        String key = Api.postAs(Api.KEY, "/api/v1/api-keys", Api.json(Map.of("name", "burst"))).json().path("key")
                .asText();
        // Invalid bodies are refused after the budget is charged, so they spend it without rendering anything.
        Map<Long, Integer> chargedPerWindow = new HashMap<>();
        Api.Reply limited = null;
        for (int i = 0; i < 2 * GENERATION_PER_MINUTE + 2 && limited == null; i++) {
            Api.Reply reply = Api.postAs(key, "/api/v1/qr", "{}");
            long window = Long.parseLong(reply.header("X-RateLimit-Reset").orElseThrow());
            if (reply.status() == 429) {
                limited = reply;
                assertThat(chargedPerWindow.get(window)).as("requests allowed in that minute")
                        .isEqualTo(GENERATION_PER_MINUTE);
            } else {
                assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
                int charged = chargedPerWindow.merge(window, 1, Integer::sum);
                assertThat(reply.header("X-RateLimit-Limit")).hasValue(Integer.toString(GENERATION_PER_MINUTE));
                assertThat(reply.header("X-RateLimit-Remaining")).hasValue(Integer.toString(GENERATION_PER_MINUTE - charged));
            }
        }
        assertThat(limited).as("a 429 within two minutes' budgets").isNotNull();
        assertThat(limited.json().path("error").path("code").asText()).isEqualTo("RATE_LIMITED");
        assertThat(limited.json().path("error").path("request_id").asText()).startsWith("req_");
        assertThat(limited.header("X-RateLimit-Remaining")).hasValue("0");
        long retryAfter = Long.parseLong(limited.header("Retry-After").orElseThrow());
        assertThat(retryAfter).isBetween(1L, 60L);

        Api.Reply read = Api.getAs(key, "/api/v1/qr");
        assertThat(read.status()).as("reads have their own budget").isEqualTo(200);
        assertThat(read.header("X-RateLimit-Limit")).hasValue("3000");
        assertThat(Api.postAs(Api.OTHER_KEY, "/api/v1/qr", "{}").status()).as("another credential").isEqualTo(400);
    }

    @Test
    void everyAuthenticatedAnswerCarriesTheBudget() {
        for (Api.Reply reply : List.of(Api.get("/api/v1/qr"), Api.get("/api/v1/qr/qr_doesnotexist"),
                Api.get("/api/v1/nowhere"), Api.post("/api/v1/qr", "{\"data\":"))) {
            assertThat(reply.header("X-RateLimit-Limit")).as(reply.toString()).isPresent();
            assertThat(reply.header("X-RateLimit-Remaining")).as(reply.toString()).isPresent();
            assertThat(reply.header("X-RateLimit-Reset")).as(reply.toString()).isPresent();
        }
    }
}
