package dev.qrforge.dynamic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.qr.QrCodes;
import dev.qrforge.scan.Route;
import org.junit.jupiter.api.Test;

class StatusMirrorTest {

    /** A dynamic code's QR record mirrors its status by wire name, which the QR listing filters on. */
    @Test
    void theQrRecordsKnowEveryStatusByItsWireName() {
        assertThat(QrCodes.DYNAMIC_STATUSES).containsExactlyElementsOf(DynamicStatus.wireNames());
    }

    @Test
    void aRouteSurvivesItsRollupKeyWhateverItsUrlAndName() {
        Route route = new Route(Route.RULE, 2, "a \"quoted\", name|with|bars", 1,
                "https://example.com/a?b=1&c=[2]|x");
        assertThat(Route.fromKey(route.key())).isEqualTo(route);
        assertThat(Route.fromKey(Route.byDefault("https://example.com").key()))
                .isEqualTo(Route.byDefault("https://example.com"));
    }
}
