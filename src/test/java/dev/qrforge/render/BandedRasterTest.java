package dev.qrforge.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Drawing in bands must give the image drawn in one piece: anti-aliased coverage exactly, colours exactly except
 * under a radial gradient, whose colour Java2D computes in floating point from the band's origin, so that a few
 * pixels may differ in the last bit of a channel.
 */
class BandedRasterTest {

    private static BufferedImage draw(RenderSpec spec, int bandRows) {
        int size = spec.size();
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_INT_RGB);
        RasterRenderer.streamRows(spec, (y, pixels, offset) -> image.setRGB(0, y, size, 1, pixels, offset, size),
                bandRows);
        return image;
    }

    static Stream<Design> designs() {
        return RenderingTest.designs();
    }

    @ParameterizedTest
    @MethodSource("designs")
    void bandsOfAnyHeightMakeTheSameImage(Design design) {
        // 333 px over 33 modules: module edges fall inside pixels, so every edge pixel is a blend.
        RenderSpec spec = new RenderSpec(QrEncoder.encode("https://example.com/banded", ErrorCorrection.M), 333, 4,
                design);
        BufferedImage whole = draw(spec, spec.size());
        for (int bandRows : new int[] {1, 7, 64, 332}) {
            BufferedImage banded = draw(spec, bandRows);
            int tolerance = design.gradient() != null && design.gradient().type() == GradientType.RADIAL ? 1 : 0;
            for (int y = 0; y < spec.size(); y++) {
                for (int x = 0; x < spec.size(); x++) {
                    for (int shift = 0; shift < 24; shift += 8) {
                        int expected = whole.getRGB(x, y) >> shift & 0xff;
                        assertThat(banded.getRGB(x, y) >> shift & 0xff).as("band %d, pixel (%d, %d)", bandRows, x, y)
                                .isBetween(expected - tolerance, expected + tolerance);
                    }
                }
            }
        }
    }

    @Test
    void bandsHoldSixtyFourThousandPixelsAtMost() {
        assertThat(RasterRenderer.bandRows(5000)).isEqualTo(13);
        assertThat((long) 5000 * RasterRenderer.bandRows(5000) * Integer.BYTES).isLessThanOrEqualTo(256 * 1024);
        assertThat(RasterRenderer.bandRows(200)).isEqualTo(200);
    }
}
