package dev.qrforge.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BreakdownTest {

    @Test
    void countsRoundTripThroughTheStoredForm() {
        Breakdown breakdown = Breakdown.empty();
        breakdown.add("os", "iOS", 2);
        breakdown.add("os", "Android", 1);
        breakdown.add("city", "US|Paris", 1);
        breakdown.add("referrer", "a\"b\\c", 1);
        breakdown.add("os", "iOS", 1);

        Breakdown read = Breakdown.parse(breakdown.toJson());

        assertThat(read.of("os")).isEqualTo(Map.of("iOS", 3L, "Android", 1L));
        assertThat(read.of("city")).isEqualTo(Map.of("US|Paris", 1L));
        assertThat(read.of("referrer")).isEqualTo(Map.of("a\"b\\c", 1L));
        assertThat(read.of("browser")).isEmpty();
        assertThat(breakdown.toJson()).isEqualTo(
                "{\"city\":{\"US|Paris\":1},\"os\":{\"Android\":1,\"iOS\":3},\"referrer\":{\"a\\\"b\\\\c\":1}}");
    }

    @Test
    void mergingAddsUp() {
        Breakdown stored = Breakdown.parse("{\"os\":{\"iOS\":5},\"device\":{\"mobile\":5}}");
        Breakdown batch = Breakdown.empty();
        batch.add("os", "iOS", 2);
        batch.add("os", "Windows", 1);

        stored.addAll(batch);

        assertThat(stored.of("os")).isEqualTo(Map.of("iOS", 7L, "Windows", 1L));
        assertThat(stored.of("device")).isEqualTo(Map.of("mobile", 5L));
        assertThat(Breakdown.parse(null).of("os")).isEmpty();
    }

    @Test
    void valuesBeyondTheCapCountAsOther() {
        Breakdown breakdown = Breakdown.empty();
        for (int i = 0; i < Breakdown.MAX_VALUES + 5; i++) {
            breakdown.add("referrer", "host" + i + ".example", 1);
        }
        breakdown.add("referrer", "host0.example", 1);

        Map<String, Long> referrers = Breakdown.parse(breakdown.toJson()).of("referrer");
        assertThat(referrers).hasSize(Breakdown.MAX_VALUES + 1);
        assertThat(referrers.get(Breakdown.OTHER)).isEqualTo(5L);
        assertThat(referrers.get("host0.example")).isEqualTo(2L);
    }

    @Test
    void aWorkspacesSumKeepsEveryValueAndSubtractingRemovesWhatCameToZero() {
        Breakdown full = Breakdown.empty();
        for (int i = 0; i < Breakdown.MAX_VALUES; i++) {
            full.add("referrer", "host" + i + ".example", 1);
        }
        Breakdown added = full.addAll(Breakdown.parse("{\"referrer\":{\"new.example\":2,\"host0.example\":1}}"));
        assertThat(added.of("referrer")).as("what the capped bucket counted, under the values it used")
                .isEqualTo(Map.of(Breakdown.OTHER, 2L, "host0.example", 1L));

        Breakdown workspace = Breakdown.empty();
        workspace.sum(full);
        workspace.sum(Breakdown.parse("{\"referrer\":{\"other-code.example\":1},\"os\":{\"iOS\":1}}"));
        assertThat(workspace.of("referrer")).as("no cap of its own").hasSize(Breakdown.MAX_VALUES + 2);

        workspace.sum(full.negated());
        assertThat(workspace.toJson()).isEqualTo("{\"os\":{\"iOS\":1},\"referrer\":{\"other-code.example\":1}}");
    }
}
