package dev.qrforge.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RgbTest {

    @Test
    void parsesSixDigitHexInEitherCase() {
        assertThat(Rgb.parseHex("#1A2b3C")).contains(new Rgb(0x1a, 0x2b, 0x3c));
        assertThat(Rgb.parseHex("#ffffff")).contains(Rgb.WHITE);
    }

    @Test
    void rejectsEverythingElse() {
        for (String text : new String[] {"1a2b3c", "#1a2b3", "#1a2b3c4", "#abc", "#gggggg", " #000000", "black", "", null}) {
            assertThat(Rgb.parseHex(text)).as(text).isEmpty();
        }
    }

    @Test
    void formatsLowerCaseHex() {
        assertThat(new Rgb(0xAB, 0x0C, 0xFF).hex()).isEqualTo("#ab0cff");
        assertThat(Rgb.BLACK.hex()).isEqualTo("#000000");
    }

    @Test
    void rejectsChannelsOutOfRange() {
        assertThatThrownBy(() -> new Rgb(256, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Rgb(0, -1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void computesWcagLuminanceAndContrast() {
        assertThat(Rgb.BLACK.relativeLuminance()).isZero();
        assertThat(Rgb.WHITE.relativeLuminance()).isCloseTo(1, within(1e-12));
        assertThat(Rgb.contrastRatio(Rgb.BLACK, Rgb.WHITE)).isCloseTo(21, within(1e-9));
        assertThat(Rgb.contrastRatio(Rgb.WHITE, Rgb.BLACK)).isCloseTo(21, within(1e-9));
        // Reference values from WebAIM's contrast checker.
        assertThat(Rgb.contrastRatio(Rgb.parseHex("#777777").orElseThrow(), Rgb.WHITE)).isCloseTo(4.48, within(0.01));
        assertThat(Rgb.contrastRatio(Rgb.parseHex("#e0e0e0").orElseThrow(), Rgb.WHITE)).isCloseTo(1.32, within(0.01));
        assertThat(Rgb.contrastRatio(0, 1)).isCloseTo(21, within(1e-9));
        assertThat(Rgb.contrastRatio(0.5, 0.5)).isEqualTo(1);
    }

    @Test
    void readsIntegerPixelsIgnoringAlpha() {
        assertThat(Rgb.fromRgb(0x80ab0cff)).isEqualTo(new Rgb(0xAB, 0x0C, 0xFF));
        assertThat(Rgb.fromRgb(new Rgb(1, 2, 3).rgb())).isEqualTo(new Rgb(1, 2, 3));
    }
}
