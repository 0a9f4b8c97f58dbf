package dev.qrforge.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.QrMatrix;
import dev.qrforge.render.RasterRenderer;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import java.awt.image.BufferedImage;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

class DecodeSampleTest {

    /** Version 40: 177 modules, the densest symbol. */
    private static final QrMatrix DENSEST = new QrMatrix(40, ErrorCorrection.M, 0, 177, new BitSet());

    private static int luminance(DecodeSample sample, int x, int y) {
        return sample.grey().at(x, y);
    }

    @Test
    void codesOfFewPixelsPerModuleAreReadPixelForPixel() {
        BufferedImage image = new BufferedImage(3, 3, BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, 0xffffff);
        image.setRGB(1, 0, 0x00ff00);
        image.setRGB(2, 1, 0x0000ff);
        DecodeSample sample = DecodeSample.of(image, new RenderSpec(DENSEST, 3, 0, Design.DEFAULT));
        assertThat(sample.factor()).isEqualTo(1);
        assertThat(sample.grey().width()).isEqualTo(3);
        assertThat(luminance(sample, 0, 0)).isEqualTo(255);
        // ZXing's weights: (R + 2G + B) / 4.
        assertThat(luminance(sample, 1, 0)).isEqualTo(127);
        assertThat(luminance(sample, 2, 1)).isEqualTo(63);
        assertThat(luminance(sample, 0, 1)).isZero();
    }

    @Test
    void largeImagesAreAveragedOverBlocksIncludingThePartialOnesAtTheEdges() {
        // 2050 px of version 40: 11 px per module, but at most 1024 px a side, so blocks of 3, the last 1 px wide.
        int edge = 2050;
        BufferedImage image = new BufferedImage(edge, edge, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < edge; y++) {
            for (int x = 0; x < edge; x++) {
                // White on every third column only: a block averages one white pixel in three.
                image.setRGB(x, y, x % 3 == 0 ? 0xffffff : 0);
            }
        }
        RenderSpec spec = new RenderSpec(DENSEST, edge, 4, Design.DEFAULT);
        DecodeSample sample = DecodeSample.of(image, spec);
        assertThat(sample.factor()).isEqualTo(3);
        assertThat(sample.grey().width()).isEqualTo(684);
        assertThat(sample.grey().height()).isEqualTo(684);
        assertThat(luminance(sample, 0, 0)).isEqualTo(85);
        assertThat(luminance(sample, 400, 683)).isEqualTo(85);
        // Column 2049 alone makes the last block: 2049 % 3 == 0, so it is white.
        assertThat(luminance(sample, 683, 683)).isEqualTo(255);
        // ZXing's sample is the same one (11 px per module leave no room to reduce further); beside it the camera's
        // blocks of 9 px and the module centres' levels: never much more than a megabyte.
        assertThat(sample.moduleFactor()).isEqualTo(3);
        assertThat(DecodeSample.bytesFor(spec)).isBetween(684L * 684, 3L * 1024 * 1024 / 2);
    }

    @Test
    void largeModulesAreSampledForZxingAtEightPixelsOrMore() {
        // Version 4 at 1000 px: 24.4 px per module, every pixel kept for BoofCV; for ZXing blocks of 3 px, 8.1 a module.
        RenderSpec spec = new RenderSpec(new QrMatrix(4, ErrorCorrection.M, 0, 33, new BitSet()), 1000, 4,
                Design.DEFAULT);
        DecodeSample sample = DecodeSample.forCode(spec);
        assertThat(sample.factor()).isEqualTo(1);
        assertThat(sample.grey().width()).isEqualTo(1000);
        assertThat(sample.moduleFactor()).isEqualTo(3);
        assertThat(sample.moduleSample().width()).isEqualTo(334);
        // Modules of 15.9 px are read pixel for pixel by both.
        RenderSpec smaller = new RenderSpec(new QrMatrix(4, ErrorCorrection.M, 0, 33, new BitSet()), 651, 4,
                Design.DEFAULT);
        assertThat(DecodeSample.forCode(smaller).moduleFactor()).isEqualTo(1);
    }

    @Test
    void aFiveThousandPixelCodeVerifiesOnItsSample() {
        Design design = new Design(BodyStyle.ROUNDED_POINTED, Rgb.parseHex("#1a237e").orElseThrow(), Rgb.WHITE,
                new Gradient(GradientType.RADIAL, Rgb.parseHex("#6a1b9a").orElseThrow()));
        String url = "https://example.com/large";
        RenderSpec spec = new RenderSpec(QrEncoder.encode(url, ErrorCorrection.M), 5000, 4, design);
        DecodeSample sample = DecodeSample.forCode(spec);
        RasterRenderer.streamRows(spec, sample);
        // At most 1024 px a side for BoofCV: blocks of 5. Version 2 with its quiet zone: 151.5 px per module, so
        // blocks of 18 for ZXing.
        assertThat(sample.grey().width()).isEqualTo(1000);
        assertThat(sample.moduleSample().width()).isEqualTo(278);
        assertThat(DecodeVerifier.read(sample, spec, url).verified()).isTrue();
        assertThat(DecodeVerifier.read(sample, spec, url + "/other").verified()).isFalse();
    }

    @Test
    void anIncompleteSampleCannotBeVerified() {
        RenderSpec spec = new RenderSpec(QrEncoder.encode("x", ErrorCorrection.M), 100, 4, Design.DEFAULT);
        DecodeSample sample = DecodeSample.forCode(spec);
        sample.row(0, new int[100], 0);
        assertThatThrownBy(() -> DecodeVerifier.read(sample, spec, "x")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> sample.row(5, new int[100], 0)).isInstanceOf(IllegalStateException.class);
    }
}
