package dev.qrforge.dynamic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.qrforge.api.ApiException;
import dev.qrforge.client.ClientFacts;
import dev.qrforge.scan.Route;
import java.time.Instant;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class ValidityTest {

    private static final Instant NOW = Instant.parse("2027-03-01T12:00:00Z");
    private static final String DESTINATION = "https://example.com/raffle";
    private static final String ENDED = "https://example.com/raffle-closed";
    private static final ClientFacts PHONE = new ClientFacts("iOS", "18.1", "mobile", "Safari", "18.1", "DE", null,
            null, "de", null, false, null);
    private static final RandomGenerator NO_DRAW = () -> {
        throw new AssertionError("no random draw expected");
    };

    private static RouteTarget code(DynamicStatus status, Instant validFrom, Instant expiresAt, Long maxScans,
            String expiredUrl) {
        return new RouteTarget("dyn_1", status, DESTINATION, RuleSet.NONE, null,
                new Validity(validFrom, expiresAt, maxScans), expiredUrl, 0, 0, false, null);
    }

    private static RoutingOutcome scan(RouteTarget code, Instant at, long countBefore) {
        return Router.outcome(code, PHONE, at, countBefore, false, NO_DRAW);
    }

    @Test
    void beforeValidFromTheCodeWaitsAndFromThatInstantItLeads() {
        RouteTarget code = code(DynamicStatus.ACTIVE, NOW, null, null, null);
        assertThat(scan(code, NOW.minusMillis(1), 0)).isEqualTo(new RoutingOutcome.NotYetValid());
        assertThat(scan(code, NOW, 0)).isEqualTo(new RoutingOutcome.Redirect(Route.byDefault(DESTINATION)));
    }

    @Test
    void pausedWinsOverNotYetValid() {
        assertThat(scan(code(DynamicStatus.PAUSED, NOW.plusSeconds(60), null, null, null), NOW, 0))
                .isEqualTo(new RoutingOutcome.Paused());
    }

    @Test
    void theScanAfterTheCapIsTreatedAsExpired() {
        RouteTarget capped = code(DynamicStatus.ACTIVE, null, null, 10L, ENDED);
        assertThat(scan(capped, NOW, 9)).isEqualTo(new RoutingOutcome.Redirect(Route.byDefault(DESTINATION)));
        assertThat(scan(capped, NOW, 10)).isEqualTo(new RoutingOutcome.Redirect(Route.expired(ENDED)));
        assertThat(scan(code(DynamicStatus.ACTIVE, null, null, 10L, null), NOW, 11))
                .isEqualTo(new RoutingOutcome.Expired());
    }

    @Test
    void theCapAndTheExpiryEachEndTheCode() {
        RouteTarget both = code(DynamicStatus.ACTIVE, null, NOW, 10L, null);
        assertThat(scan(both, NOW.minusMillis(1), 9)).isInstanceOf(RoutingOutcome.Redirect.class);
        assertThat(scan(both, NOW, 0)).isEqualTo(new RoutingOutcome.Expired());
        assertThat(scan(both, NOW.minusMillis(1), 10)).isEqualTo(new RoutingOutcome.Expired());
    }

    @Test
    void aPeriodThatCouldNeverBeginIsRefusedOnValidFrom() {
        assertThatThrownBy(() -> new Validity(NOW, NOW, null))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("validFrom"))
                .hasMessageContaining("must be before expiresAt");
        assertThat(new Validity(NOW.minusMillis(1), NOW, null).validFrom()).isEqualTo(NOW.minusMillis(1));
    }

    @Test
    void aCapIsAWholeNumberOfAtLeastOne() {
        assertThatThrownBy(() -> new Validity(null, null, 0L))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("maxScans"));
        JsonNodeFactory json = JsonNodeFactory.instance;
        assertThat(Validity.maxScans(json.numberNode(12L))).isEqualTo(12L);
        assertThat(Validity.maxScans(json.nullNode())).isNull();
        for (var bad : new com.fasterxml.jackson.databind.JsonNode[] {json.numberNode(1.5), json.textNode("5"),
                json.booleanNode(true), json.numberNode(new java.math.BigInteger("99999999999999999999"))}) {
            assertThatThrownBy(() -> Validity.maxScans(bad)).as(bad.toString())
                    .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("maxScans"));
        }
    }
}
