package dev.qrforge.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WireNamesTest {

    private enum Style { SQUARE, ROUNDED_POINTED }

    @Test
    void spellsConstantsInLowerCaseWithHyphens() {
        assertThat(WireNames.all(Style.class)).containsExactly("square", "rounded-pointed");
        assertThat(WireNames.of(Style.ROUNDED_POINTED)).isEqualTo("rounded-pointed");
    }

    @Test
    void parsesExactSpellingsOnly() {
        assertThat(WireNames.find(Style.class, "rounded-pointed")).contains(Style.ROUNDED_POINTED);
        assertThat(WireNames.find(Style.class, "ROUNDED_POINTED")).isEmpty();
        assertThat(WireNames.find(Style.class, "Square")).isEmpty();
        assertThat(WireNames.find(Style.class, "")).isEmpty();
        assertThat(WireNames.find(Style.class, null)).isEmpty();
    }
}
