package dev.qrforge.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Eye;
import dev.qrforge.render.EyeBallStyle;
import dev.qrforge.render.EyeFrameStyle;
import dev.qrforge.render.Eyes;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import dev.qrforge.testing.Rasters;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

class DecodeVerifierTest {

    private static final String URL = "https://example.com/a";

    /** Draws {@code spec} and reads it back, as the service does. */
    private static Readback read(RenderSpec spec) {
        return DecodeVerifier.read(DecodeSample.of(Rasters.draw(spec), spec), spec, URL);
    }

    private static RenderSpec spec(Design design) {
        return new RenderSpec(QrEncoder.encode(URL, ErrorCorrection.M), 200, 4, design);
    }

    @Test
    void acceptsTheEncodedTextOnly() {
        RenderSpec spec = spec(Design.DEFAULT);
        BufferedImage image = Rasters.draw(spec);
        assertThat(DecodeVerifier.read(DecodeSample.of(image, spec), spec, URL).verified()).isTrue();
        assertThat(DecodeVerifier.read(DecodeSample.of(image, spec), spec, URL + "x").verified()).isFalse();
    }

    @Test
    void rejectsAnImageWithoutCode() {
        BufferedImage blank = new BufferedImage(200, 200, BufferedImage.TYPE_INT_RGB);
        assertThat(DecodeVerifier.read(DecodeSample.of(blank, spec(Design.DEFAULT)), spec(Design.DEFAULT), URL).verified()).isFalse();
    }

    @Test
    void rejectsInvertedColoursLikeMostScanners() {
        RenderSpec spec = spec(new Design(BodyStyle.SQUARE, Rgb.WHITE, Rgb.BLACK, null));
        assertThat(read(spec).verified()).isFalse();
    }

    @Test
    void readsRoundedPointedStylesOnTheKnownGrid() {
        RenderSpec spec = spec(new Design(BodyStyle.ROUNDED_POINTED, Rgb.BLACK, Rgb.WHITE, null));
        assertThat(read(spec).verified()).isTrue();
    }

    @Test
    void bothDecodersAndTheCameraViewReadAPlainCode() {
        RenderSpec spec = new RenderSpec(QrEncoder.encode(URL, ErrorCorrection.M), 300, 4, Design.DEFAULT);
        Readback readback = read(spec);
        assertThat(readback.zxing()).isTrue();
        assertThat(readback.boofcv()).isTrue();
        // 300 px over 25 + 8 modules: 9.1 px per module, 3 in the camera view.
        assertThat(readback.zxingCamera()).isTrue();
        assertThat(readback.boofcvCamera()).isTrue();
        assertThat(readback.moduleContrast()).isGreaterThan(20);
    }

    @Test
    void circleFramesLoseTheDecoderThatFindsEyesByTheirOutline() {
        // 300 px: 9.1 px per module, 3 in the camera view.
        RenderSpec spec = new RenderSpec(QrEncoder.encode(URL, ErrorCorrection.M), 300, 4, new Design(
                BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE, null,
                Eyes.same(new Eye(EyeFrameStyle.CIRCLE, EyeBallStyle.SQUARE, null, null))));
        Readback readback = read(spec);
        assertThat(readback.zxing()).isTrue();
        assertThat(readback.boofcv()).isFalse();
        assertThat(readback.verified()).isFalse();
        assertThat(readback.zxingCamera()).as("read by ZXing alone, the view is still tried, and ZXing reads it")
                .isTrue();
        assertThat(readback.boofcvCamera()).isFalse();
    }

    @Test
    void smallModulesDoNotSurviveTheCameraView() {
        // 110 px: 3.3 px per module, a little over 1 in the camera view.
        RenderSpec spec = new RenderSpec(QrEncoder.encode(URL, ErrorCorrection.M), 110, 4, Design.DEFAULT);
        Readback readback = read(spec);
        assertThat(readback.verified()).isTrue();
        assertThat(readback.zxingCamera()).isFalse();
        assertThat(readback.boofcvCamera()).isFalse();
    }

    @Test
    void insistsOnTheSpecsSize() {
        RenderSpec spec = spec(Design.DEFAULT);
        BufferedImage other = new BufferedImage(100, 100, BufferedImage.TYPE_INT_RGB);
        assertThatThrownBy(() -> DecodeVerifier.read(DecodeSample.of(other, spec), spec, URL))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
