package dev.qrforge.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.RasterRenderer;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

class ScanVerifierTest {

    private static final String URL = "https://example.com/a";

    private static RenderSpec spec(Design design) {
        return new RenderSpec(QrEncoder.encode(URL, ErrorCorrection.M), 200, 4, design);
    }

    @Test
    void acceptsTheEncodedTextOnly() {
        RenderSpec spec = spec(Design.DEFAULT);
        BufferedImage image = RasterRenderer.draw(spec);
        assertThat(ScanVerifier.verifies(image, URL)).isTrue();
        assertThat(ScanVerifier.verifies(image, spec, URL)).isTrue();
        assertThat(ScanVerifier.verifies(image, URL + "x")).isFalse();
        assertThat(ScanVerifier.verifies(image, spec, URL + "x")).isFalse();
    }

    @Test
    void rejectsAnImageWithoutCode() {
        BufferedImage blank = new BufferedImage(200, 200, BufferedImage.TYPE_INT_RGB);
        assertThat(ScanVerifier.verifies(blank, URL)).isFalse();
        assertThat(ScanVerifier.verifies(blank, spec(Design.DEFAULT), URL)).isFalse();
    }

    @Test
    void rejectsInvertedColoursLikeMostScanners() {
        RenderSpec spec = spec(new Design(BodyStyle.SQUARE, Rgb.WHITE, Rgb.BLACK, null));
        assertThat(ScanVerifier.verifies(RasterRenderer.draw(spec), spec, URL)).isFalse();
    }

    @Test
    void readsRoundedPointedStylesOnTheKnownGrid() {
        RenderSpec spec = spec(new Design(BodyStyle.ROUNDED_POINTED, Rgb.BLACK, Rgb.WHITE, null));
        assertThat(ScanVerifier.verifies(RasterRenderer.draw(spec), spec, URL)).isTrue();
    }

    @Test
    void insistsOnTheSpecsSize() {
        RenderSpec spec = spec(Design.DEFAULT);
        BufferedImage other = new BufferedImage(100, 100, BufferedImage.TYPE_INT_RGB);
        assertThatThrownBy(() -> ScanVerifier.verifies(other, spec, URL)).isInstanceOf(IllegalArgumentException.class);
    }
}
