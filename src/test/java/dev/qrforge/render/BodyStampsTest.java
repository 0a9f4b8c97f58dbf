package dev.qrforge.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.testing.SlowCheck;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A stamped body must be the body Java2D fills from the whole outline: every style, every stampable module size,
 * solid, gradient and transparent, in bands that cut through modules. Channels may differ by the rounding of the two
 * blends.
 */
@SlowCheck
class BodyStampsTest {

    private static final Rgb TEAL = Rgb.parseHex("#00796b").orElseThrow();
    private static final int TOLERANCE = 2;

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        Eyes eyes = new Eyes(new Eye(EyeFrameStyle.CIRCLE, EyeBallStyle.STAR, TEAL, null), Eye.PLAIN,
                new Eye(EyeFrameStyle.DOTS, EyeBallStyle.DOTS, null, Rgb.BLACK));
        for (BodyStyle style : BodyStyle.values()) {
            cases.add(Arguments.of(new Design(style, Rgb.BLACK, Rgb.WHITE, null), 6));
            cases.add(Arguments.of(new Design(style, TEAL, Rgb.WHITE,
                    new Gradient(GradientType.RADIAL, Rgb.BLACK, 0, true), eyes), 5));
            cases.add(Arguments.of(new Design(style, TEAL, null,
                    new Gradient(GradientType.LINEAR, Rgb.BLACK, 30, false), eyes), 3));
        }
        for (int pixels = 1; pixels <= BodyStamps.MAX_MODULE_PIXELS; pixels++) {
            cases.add(Arguments.of(new Design(BodyStyle.BLOBS, Rgb.BLACK, Rgb.WHITE, null), pixels));
        }
        return cases.stream();
    }

    @ParameterizedTest
    @MethodSource("cases")
    void stampsDrawWhatTheOutlineFillDraws(Design design, int modulePixels) {
        QrMatrix matrix = QrEncoder.encode("https://example.com/stamps?style=" + design.bodyStyle(),
                ErrorCorrection.M);
        RenderSpec spec = new RenderSpec(matrix, (matrix.modules() + 8) * modulePixels, 4, design);
        assertThat(BodyStamps.apply(spec)).isTrue();
        // Bands of 7 rows start inside modules of every size but 7.
        int[][] stamped = draw(spec, 7, true);
        int[][] filled = draw(spec, spec.size(), false);
        int differing = 0;
        for (int y = 0; y < spec.size(); y++) {
            for (int x = 0; x < spec.size(); x++) {
                for (int shift = 0; shift < 32; shift += 8) {
                    int expected = premultiplied(filled[y][x], shift);
                    int actual = premultiplied(stamped[y][x], shift);
                    assertThat(actual).as("pixel (%d, %d), bits %d", x, y, shift)
                            .isBetween(expected - TOLERANCE, expected + TOLERANCE);
                    differing += actual == expected ? 0 : 1;
                }
            }
        }
        assertThat(differing).as("channels off by rounding").isLessThan(spec.size() * spec.size() / 10);
    }

    @Test
    void wholePixelModulesUpToFortyPixelsAndOthersFromEightAreStamped() {
        QrMatrix matrix = QrEncoder.encode("https://example.com/stamps", ErrorCorrection.M);
        int total = matrix.modules() + 8;
        assertThat(BodyStamps.apply(new RenderSpec(matrix, total, 4, Design.DEFAULT))).isTrue();
        assertThat(BodyStamps.apply(new RenderSpec(matrix, total * 6, 4, Design.DEFAULT))).isTrue();
        assertThat(BodyStamps.apply(new RenderSpec(matrix, total * 6 + 1, 4, Design.DEFAULT))).isFalse();
        assertThat(BodyStamps.apply(new RenderSpec(matrix, total * 8 + 1, 4, Design.DEFAULT))).isTrue();
        assertThat(BodyStamps.apply(new RenderSpec(matrix, total - 1, 4, Design.DEFAULT))).isFalse();
        assertThat(BodyStamps.apply(new RenderSpec(matrix, total * BodyStamps.MAX_MODULE_PIXELS, 4,
                Design.DEFAULT))).isTrue();
        assertThat(BodyStamps.apply(new RenderSpec(matrix, total * BodyStamps.MAX_MODULE_PIXELS + 1, 4,
                Design.DEFAULT))).isFalse();
    }

    /**
     * Between whole pixels, every module's edges move to the nearest pixel boundary: a light module's pixels are the
     * background's (where its neighbours are light too: a blob fills a light module's corners), the middle pixel of a
     * dark module is its colour, and each module, cut out at its moved edges, is
     * the style's shape drawn at its width and height in pixels, which is what the module sizes of the whole-pixel
     * cases above show to be Java2D's fill. Every style, at a size where modules are 27 or 28 pixels.
     */
    @ParameterizedTest
    @EnumSource(BodyStyle.class)
    void betweenWholePixelsEachModuleIsItsShapeAtItsRoundedSize(BodyStyle style) {
        QrMatrix matrix = QrEncoder.encode("https://shop.example.com/spring-sale?id=42", ErrorCorrection.M);
        RenderSpec spec = new RenderSpec(matrix, 1000, 4, new Design(style, Rgb.BLACK, Rgb.WHITE, null));
        assertThat(spec.moduleSize()).isStrictlyBetween(27.0, 28.0);
        int[][] image = draw(spec, RasterRenderer.bandRows(spec.imageWidth()), true);
        int[] edges = AlignedRaster.edges(spec.symbolX(), spec.moduleSize(), matrix.modules());
        Map<String, int[][]> cells = new HashMap<>();
        for (int my = 0; my < matrix.modules(); my++) {
            for (int mx = 0; mx < matrix.modules(); mx++) {
                if (inEye(mx, my, matrix.modules())) {
                    continue;
                }
                int width = edges[mx + 1] - edges[mx];
                int height = edges[my + 1] - edges[my];
                assertThat(width).isBetween(27, 28);
                assertThat(height).isBetween(27, 28);
                int[][] cell = new int[height][width];
                for (int y = 0; y < height; y++) {
                    for (int x = 0; x < width; x++) {
                        cell[y][x] = image[edges[my] + y][edges[mx] + x] & 0xffffff;
                    }
                }
                if (neighbourhood(matrix, mx, my) == 0) {
                    assertThat(Arrays.stream(cell).flatMapToInt(Arrays::stream))
                            .as("light module (%d, %d)", mx, my).containsOnly(0xffffff);
                } else if (matrix.isDark(mx, my)) {
                    assertThat(cell[height / 2][width / 2]).as("dark module (%d, %d)", mx, my).isZero();
                }
                // Alike neighbourhoods at alike sizes are alike pixels: the module is its stamp, wherever it lies.
                String key = width + "x" + height + ":" + neighbourhood(matrix, mx, my);
                int[][] earlier = cells.putIfAbsent(key, cell);
                if (earlier != null) {
                    assertThat(cell).as("module (%d, %d)", mx, my).isDeepEqualTo(earlier);
                }
            }
        }
    }

    private static boolean inEye(int x, int y, int modules) {
        int far = modules - 8;
        return (x < 8 || x >= far) && (y < 8 || y >= far) && !(x >= far && y >= far);
    }

    private static int neighbourhood(QrMatrix matrix, int x, int y) {
        int key = 0;
        for (int bit = 0; bit < 9; bit++) {
            int nx = x + bit % 3 - 1;
            int ny = y + bit / 3 - 1;
            boolean dark = nx >= 0 && ny >= 0 && nx < matrix.modules() && ny < matrix.modules() && matrix.isDark(nx, ny)
                    && !inEye(nx, ny, matrix.modules());
            key |= dark ? 1 << bit : 0;
        }
        return key;
    }

    @Test
    void aCoveredPixelBlendsAsJavaTwoDDoes() {
        assertThat(BodyStamps.over(0xff000000, 255, 0xffffff, true)).isEqualTo(0x000000);
        assertThat(BodyStamps.over(0xff000000, 0, 0xffffff, true)).isEqualTo(0xffffff);
        assertThat(BodyStamps.over(0xff000000, 128, 0xffffff, true)).isEqualTo(0x7f7f7f);
        assertThat(BodyStamps.over(0xff102030, 128, 0, false)).isEqualTo(0x80102030);
        assertThat(BodyStamps.over(0xff102030, 255, 0x80ffffff, false)).isEqualTo(0xff102030);
    }

    /**
     * A channel weighted by its pixel's alpha, as it shows over a surface: Java2D rounds a faint edge's colour
     * coarsely (it blends premultiplied and divides by the small alpha again), which no surface shows.
     */
    private static int premultiplied(int pixel, int shift) {
        int channel = pixel >>> shift & 0xff;
        return shift == 24 ? channel : Math.round(channel * (pixel >>> 24) / 255f);
    }

    private static int[][] draw(RenderSpec spec, int bandRows, boolean stamp) {
        int size = spec.size();
        int[][] image = new int[size][size];
        boolean transparent = spec.design().transparent();
        RasterRenderer.streamRows(spec, (y, pixels, offset) -> {
            for (int x = 0; x < size; x++) {
                image[y][x] = transparent ? pixels[offset + x] : pixels[offset + x] | 0xff000000;
            }
        }, bandRows, stamp);
        return image;
    }
}
