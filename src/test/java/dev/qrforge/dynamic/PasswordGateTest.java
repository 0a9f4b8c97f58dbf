package dev.qrforge.dynamic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.qrforge.api.ApiException;
import dev.qrforge.client.ClientFacts;
import dev.qrforge.scan.Route;
import dev.qrforge.security.PasswordHashes;
import java.time.Instant;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class PasswordGateTest {

    private static final Instant NOW = Instant.parse("2027-03-01T12:00:00Z");
    private static final String DESTINATION = "https://example.com/members";
    private static final String HASH =
            "$argon2id$v=19$m=64,t=1,p=1$c29tZXNhbHQ$cpx6VEQbwTVZvcpxNIxOVUWZ5xnAipUmAe1cg2GMG70";
    private static final ClientFacts PHONE = new ClientFacts("iOS", "18.1", "mobile", "Safari", "18.1", "DE", null,
            null, "de", null, false, null);
    private static final RandomGenerator NO_DRAW = () -> {
        throw new AssertionError("no random draw expected");
    };

    private static RouteTarget gated(DynamicStatus status, Validity validity, String expiredUrl) {
        return new RouteTarget("dyn_1", status, DESTINATION, RuleSet.NONE, null, validity, expiredUrl, 0, 0, false,
                HASH);
    }

    private static final Validity ALWAYS = new Validity(null, null, null);

    @Test
    void aGatedCodeAsksUntilThePasswordIsGivenThenLeadsAsUsual() {
        RouteTarget code = gated(DynamicStatus.ACTIVE, ALWAYS, null);
        assertThat(Router.outcome(code, PHONE, NOW, 0, false, NO_DRAW)).isEqualTo(new RoutingOutcome.Locked());
        assertThat(Router.outcome(code, PHONE, NOW, 0, true, NO_DRAW))
                .isEqualTo(new RoutingOutcome.Redirect(Route.byDefault(DESTINATION)));
    }

    @Test
    void pausedNotYetValidAndExpiredCodesSaySoBeforeAnyPasswordIsAsked() {
        assertThat(Router.outcome(gated(DynamicStatus.PAUSED, ALWAYS, null), PHONE, NOW, 0, false, NO_DRAW))
                .isEqualTo(new RoutingOutcome.Paused());
        assertThat(Router.outcome(gated(DynamicStatus.ACTIVE, new Validity(NOW.plusSeconds(1), null, null), null),
                PHONE, NOW, 0, false, NO_DRAW)).isEqualTo(new RoutingOutcome.NotYetValid());
        assertThat(Router.outcome(gated(DynamicStatus.ACTIVE, new Validity(null, null, 5L), null), PHONE, NOW, 5,
                false, NO_DRAW)).isEqualTo(new RoutingOutcome.Expired());
        RouteTarget ended = gated(DynamicStatus.ACTIVE, new Validity(null, NOW, null), "https://example.com/over");
        assertThat(Router.outcome(ended, PHONE, NOW, 0, false, NO_DRAW))
                .isEqualTo(new RoutingOutcome.Redirect(Route.expired("https://example.com/over")));
    }

    @Test
    void aPasswordIsKeptOnlyAsItsHash() {
        String hash = Passwords.hashed("tr\u00e8s secret");
        assertThat(hash).startsWith("$argon2id$").doesNotContain("secret");
        assertThat(PasswordHashes.matches("tr\u00e8s secret", hash)).isTrue();
        assertThat(Passwords.hashed(null)).isNull();
        assertThat(Passwords.hashed("\uD83D\uDD11\uD83D\uDD11\uD83D\uDD11\uD83D\uDD11")).startsWith("$argon2id$");
    }

    @Test
    void aPasswordIsFourTo128CharactersWithoutControlCharacters() {
        for (String bad : new String[] {"", "abc", "a".repeat(129), "line\nbreak", "tab\there",
                "\uD83D\uDD11\uD83D\uDD11"}) {
            assertThatThrownBy(() -> Passwords.hashed(bad)).as(bad)
                    .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("password"));
        }
        assertThat(Passwords.hashed("a".repeat(128))).startsWith("$argon2id$");
    }

    @Test
    void aPatchSetsAPasswordWithTextAndRemovesTheGateWithNull() {
        JsonNodeFactory json = JsonNodeFactory.instance;
        assertThat(Passwords.patch(json.nullNode())).isNull();
        assertThat(Passwords.patch(json.textNode("letmein"))).startsWith("$argon2id$");
        for (JsonNode bad : new JsonNode[] {json.numberNode(1234), json.booleanNode(true), json.objectNode(),
                json.textNode("123")}) {
            assertThatThrownBy(() -> Passwords.patch(bad)).as(bad.toString())
                    .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("password"));
        }
    }
}
