package dev.qrforge.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import dev.qrforge.testing.Rasters;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

class DecodeVerifierTest {

    private static final String URL = "https://example.com/a";

    private static RenderSpec spec(Design design) {
        return new RenderSpec(QrEncoder.encode(URL, ErrorCorrection.M), 200, 4, design);
    }

    @Test
    void acceptsTheEncodedTextOnly() {
        RenderSpec spec = spec(Design.DEFAULT);
        BufferedImage image = Rasters.draw(spec);
        assertThat(DecodeVerifier.verifies(DecodeSample.of(image, spec), spec, URL)).isTrue();
        assertThat(DecodeVerifier.verifies(DecodeSample.of(image, spec), spec, URL + "x")).isFalse();
    }

    @Test
    void rejectsAnImageWithoutCode() {
        BufferedImage blank = new BufferedImage(200, 200, BufferedImage.TYPE_INT_RGB);
        assertThat(DecodeVerifier.verifies(DecodeSample.of(blank, spec(Design.DEFAULT)), spec(Design.DEFAULT), URL)).isFalse();
    }

    @Test
    void rejectsInvertedColoursLikeMostScanners() {
        RenderSpec spec = spec(new Design(BodyStyle.SQUARE, Rgb.WHITE, Rgb.BLACK, null));
        assertThat(DecodeVerifier.verifies(DecodeSample.of(Rasters.draw(spec), spec), spec, URL)).isFalse();
    }

    @Test
    void readsRoundedPointedStylesOnTheKnownGrid() {
        RenderSpec spec = spec(new Design(BodyStyle.ROUNDED_POINTED, Rgb.BLACK, Rgb.WHITE, null));
        assertThat(DecodeVerifier.verifies(DecodeSample.of(Rasters.draw(spec), spec), spec, URL)).isTrue();
    }

    @Test
    void insistsOnTheSpecsSize() {
        RenderSpec spec = spec(Design.DEFAULT);
        BufferedImage other = new BufferedImage(100, 100, BufferedImage.TYPE_INT_RGB);
        assertThatThrownBy(() -> DecodeVerifier.verifies(DecodeSample.of(other, spec), spec, URL))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
