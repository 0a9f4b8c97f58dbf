package dev.qrforge.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.qr.ImageFormat;
import org.junit.jupiter.api.Test;

class WireNamesTest {

    @Test
    void spellsConstantsInLowerCaseWithHyphens() {
        assertThat(BodyStyle.wireNames()).containsExactly("square", "rounded-pointed");
        assertThat(GradientType.wireNames()).containsExactly("linear", "radial");
        assertThat(ImageFormat.wireNames()).containsExactly("svg", "png");
        assertThat(BodyStyle.ROUNDED_POINTED.wireName()).isEqualTo("rounded-pointed");
    }

    @Test
    void parsesExactSpellingsOnly() {
        assertThat(BodyStyle.fromWire("rounded-pointed")).contains(BodyStyle.ROUNDED_POINTED);
        assertThat(GradientType.fromWire("radial")).contains(GradientType.RADIAL);
        assertThat(ImageFormat.fromWire("png")).contains(ImageFormat.PNG);
        assertThat(BodyStyle.fromWire("ROUNDED_POINTED")).isEmpty();
        assertThat(BodyStyle.fromWire("Square")).isEmpty();
        assertThat(GradientType.fromWire("")).isEmpty();
        assertThat(ImageFormat.fromWire(null)).isEmpty();
    }

    @Test
    void imageFormatsKnowTheirMediaTypes() {
        assertThat(ImageFormat.SVG.mediaType()).isEqualTo("image/svg+xml");
        assertThat(ImageFormat.PNG.mediaType()).isEqualTo("image/png");
    }
}
