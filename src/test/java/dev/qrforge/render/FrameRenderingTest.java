package dev.qrforge.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.testing.Decoding;
import java.awt.Rectangle;
import java.awt.geom.Area;
import java.awt.geom.Path2D;
import java.awt.geom.PathIterator;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Frames with a call to action: their geometry, their caption's font, and both renderers drawing them alike. */
class FrameRenderingTest {

    private static final String DATA = "https://qrforge.dev/frames";
    private static final Rgb INK = Rgb.parseHex("#1a237e").orElseThrow();
    private static final Rgb TEAL = Rgb.parseHex("#00796b").orElseThrow();
    private static final QrMatrix MATRIX = QrEncoder.encode(DATA, ErrorCorrection.M, null);

    static Stream<FrameStyle> framed() {
        return Arrays.stream(FrameStyle.values()).filter(style -> style != FrameStyle.NONE);
    }

    private static Design design(FrameStyle style, String text) {
        return new Design(BodyStyle.ROUNDED, INK, Rgb.WHITE, null, Eyes.PLAIN, new Frame(style, text, null, null));
    }

    private static RenderSpec spec(FrameStyle style, int size) {
        return new RenderSpec(MATRIX, size, 4, design(style, Frame.DEFAULT_TEXT));
    }

    /** The frame's and caption's outlines in pixels of the image, as the raster renderer fills them. */
    private static Area frameArea(FrameStyle style, int size) {
        RenderSpec spec = spec(style, size);
        Area area = new Area();
        List<Layers.Layer> layers = Layers.frame(spec, spec.frameLayout());
        assertThat(layers).as("the frame's shapes, the caption").hasSize(2);
        for (Layers.Layer layer : layers) {
            Path2D.Double path = new Path2D.Double(Path2D.WIND_NON_ZERO);
            layer.trace(new RasterRenderer.Path2DSink(path));
            area.add(new Area(path));
        }
        return area;
    }

    @ParameterizedTest
    @MethodSource("framed")
    void theFrameStaysOutsideTheCodesSquareAndInsideTheImage(FrameStyle style) {
        for (int size : new int[] {100, 301, 1000, 5000}) {
            RenderSpec spec = spec(style, size);
            Area frame = frameArea(style, size);
            Area overlap = new Area(new Rectangle(spec.codeX(), spec.codeY(), size, size));
            overlap.intersect(frame);
            assertThat(overlap.isEmpty()).as("%s at %d px reaches into the code", style, size).isTrue();
            Rectangle2D bounds = frame.getBounds2D();
            assertThat(bounds.getMinX()).as("%s", style).isGreaterThanOrEqualTo(0);
            assertThat(bounds.getMinY()).isGreaterThanOrEqualTo(0);
            assertThat(bounds.getMaxX()).isLessThanOrEqualTo(spec.imageWidth());
            assertThat(bounds.getMaxY()).isLessThanOrEqualTo(spec.imageHeight());
            assertThat(spec.imageWidth() * (long) spec.imageHeight()).isGreaterThan((long) size * size);
        }
    }

    @Test
    void theImageGrowsByTheBorderAndTheBand() {
        // At 300 px the border is 12 px (4 %) and the caption's band 60 px (20 %).
        int[][] expected = {
            {300, 300, 0, 0},      // none
            {324, 384, 12, 12},    // box: border all round, band inside below
            {348, 408, 24, 24},    // rounded-box: the inner corners' radius adds a border's width
            {324, 372, 12, 60},    // banner-top
            {324, 372, 12, 12},    // banner-bottom
            {300, 396, 0, 0},      // speech-bubble: gap, tail, bubble
            {300, 420, 0, 0},      // arrow: gap, arrow, caption
            {348, 384, 24, 24},    // ticket: double border
            {324, 384, 12, 72},    // tab-top
            {324, 384, 12, 12},    // bracket
        };
        for (FrameStyle style : FrameStyle.values()) {
            RenderSpec spec = spec(style, 300);
            assertThat(new int[] {spec.imageWidth(), spec.imageHeight(), spec.codeX(), spec.codeY()}).as("%s", style)
                    .containsExactly(expected[style.ordinal()]);
            assertThat(spec.moduleSize()).isEqualTo(300.0 / 33);
        }
    }

    /**
     * Modules of 3 to 36 px, fractional and whole (330 px: 10 px modules), bodies drawn from outlines (below 8 px) and
     * from stamps.
     */
    @ParameterizedTest
    @ValueSource(ints = {101, 300, 330, 457, 1201})
    void theCodesPixelsAreThoseOfTheUnframedCodeInPngAndSvg(int size) {
        Eyes round = new Eyes(new Eye(EyeFrameStyle.CIRCLE, EyeBallStyle.CIRCLE, null, null),
                new Eye(EyeFrameStyle.ROUNDED, EyeBallStyle.DOTS, null, null),
                new Eye(EyeFrameStyle.LEAF, EyeBallStyle.CIRCLE, null, TEAL));
        Design curved = new Design(BodyStyle.DOTS, INK, Rgb.WHITE, null, round);
        // Square modules on whole pixels; curves; curves under a radial gradient, over a transparent background.
        for (Design design : List.of(Design.DEFAULT, curved,
                new Design(BodyStyle.ROUNDED, INK, null, new Gradient(GradientType.RADIAL, TEAL), round))) {
            RenderSpec bare = new RenderSpec(MATRIX, size, 4, design);
            BufferedImage png = Decoding.png(RasterRenderer.png(bare));
            String svg = SvgRenderer.render(bare);
            // Batik works out gradients in floats from the image's origin, which no SVG can change, so a gradient's
            // SVG is held to its code's markup alone.
            BufferedImage batik = design.gradient() == null ? Decoding.rasterise(svg) : null;
            for (FrameStyle style : framed().toList()) {
                RenderSpec framed = new RenderSpec(MATRIX, size, 4, design.withFrame(new Frame(style,
                        "Scan me, please", null, null)));
                String framedSvg = SvgRenderer.render(framed);
                assertSameCode("PNG", Decoding.png(RasterRenderer.png(framed)), framed, png);
                assertThat(framedSvg).as("%s at %d px: the code's group, moved by whole pixels", style, size)
                        .contains(svg.substring(svg.indexOf("<g transform=\"")).replace("<g transform=\"",
                                "<g transform=\"translate(" + framed.codeX() + " " + framed.codeY() + ") "));
                if (batik != null) {
                    assertSameCode("SVG", Decoding.rasterise(framedSvg), framed, batik);
                }
            }
        }
    }

    /** Holds the code's square of {@code framed}'s image to the image of the code alone, pixel for pixel. */
    private static void assertSameCode(String format, BufferedImage image, RenderSpec framed, BufferedImage bare) {
        int size = framed.size();
        int differing = 0;
        String first = "";
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                int pixel = image.getRGB(framed.codeX() + x, framed.codeY() + y);
                if (pixel != bare.getRGB(x, y) && differing++ == 0) {
                    first = String.format("(%d, %d): %08x, alone %08x", x, y, pixel, bare.getRGB(x, y));
                }
            }
        }
        assertThat(differing).as("%s, %s at %d px, pixels unlike the code alone's, first %s", format,
                framed.design().frame().style(), size, first).isZero();
    }

    @ParameterizedTest
    @MethodSource("framed")
    void everyStyleDecodesAsAWholeImageInPngAndSvgAndBothDrawTheSameShapes(FrameStyle style) {
        RenderSpec spec = spec(style, 300);
        ByteBuffer png = RasterRenderer.png(spec);
        BufferedImage raster = Decoding.png(png.duplicate());
        assertThat(raster.getWidth()).isEqualTo(spec.imageWidth());
        assertThat(raster.getHeight()).isEqualTo(spec.imageHeight());
        assertThat(Decoding.pngText(png)).isEqualTo(DATA);
        String svg = SvgRenderer.render(spec);
        assertThat(Decoding.svgText(svg)).isEqualTo(DATA);
        BufferedImage batik = Decoding.rasterise(svg);
        assertThat(batik.getWidth()).isEqualTo(spec.imageWidth());
        assertThat(batik.getHeight()).isEqualTo(spec.imageHeight());
        // Anti-aliasing differs by a level here and there, and the PNG's body modules lie on whole pixels (up to half
        // a pixel from the SVG's edges); a shape drawn by one renderer only differs everywhere, beyond a pixel away.
        long differing = 0;
        for (int y = 0; y < raster.getHeight(); y++) {
            for (int x = 0; x < raster.getWidth(); x++) {
                if (!nearby(batik, x, y, grey(raster.getRGB(x, y))) || !nearby(raster, x, y, grey(batik.getRGB(x, y)))) {
                    differing++;
                }
            }
        }
        assertThat(differing).as("%s: pixels where Batik and Java2D disagree", style).isLessThan(20);
        // The caption is there: dark and light both in its band's middle row, in the caption's colour.
        FrameLayout.Box box = spec.frameLayout().caption();
        int row = (int) (box.y() + box.height() / 2);
        int text = design(style, "").frame().textPaint(spec.design()).rgb();
        assertThat(countOf(raster, row, box, text)).as("%s: caption pixels", style).isGreaterThan((int) box.width() / 20);
        assertThat(countOf(batik, row, box, text)).as("%s: caption pixels in the SVG", style)
                .isGreaterThan((int) box.width() / 20);
    }

    /** Whether {@code image} has a pixel within 96 grey levels of {@code level} at or next to (x, y). */
    private static boolean nearby(BufferedImage image, int x, int y, int level) {
        for (int ny = Math.max(0, y - 1); ny <= Math.min(image.getHeight() - 1, y + 1); ny++) {
            for (int nx = Math.max(0, x - 1); nx <= Math.min(image.getWidth() - 1, x + 1); nx++) {
                if (Math.abs(grey(image.getRGB(nx, ny)) - level) <= 96) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void anEmptyCaptionDrawsTheFrameAlone() {
        RenderSpec spec = new RenderSpec(MATRIX, 300, 4, design(FrameStyle.BANNER_BOTTOM, ""));
        assertThat(Layers.frame(spec, spec.frameLayout())).hasSize(1);
        assertThat(SvgRenderer.render(spec)).doesNotContain("#ffffff\" d=\"");
        assertThat(spec.imageHeight()).isEqualTo(spec(FrameStyle.BANNER_BOTTOM, 300).imageHeight());
    }

    @Test
    void captionColoursFollowTheDesignUnlessChosen() {
        Design design = design(FrameStyle.BANNER_BOTTOM, "x");
        assertThat(design.frame().paint(design)).isEqualTo(INK);
        assertThat(design.frame().textPaint(design)).as("on a dark banner").isEqualTo(Rgb.WHITE);
        Rgb yellow = Rgb.parseHex("#ffeb3b").orElseThrow();
        Frame light = new Frame(FrameStyle.BANNER_BOTTOM, "x", null, yellow);
        assertThat(light.textPaint(design)).as("on a light banner").isEqualTo(Rgb.BLACK);
        Frame box = new Frame(FrameStyle.BOX, "x", null, TEAL);
        assertThat(box.textPaint(design)).as("on the background").isEqualTo(TEAL);
        assertThat(new Frame(FrameStyle.BOX, "x", yellow, TEAL).textPaint(design)).isEqualTo(yellow);
    }

    @Test
    void theFontDrawsLatinGreekAndCyrillicAndNamesWhatItCannot() {
        assertThat(Frame.undrawable("SCAN ME → Scannez-moi! Ελάτε Сканируй ß ü 0-9 @#%&")).isEmpty();
        assertThat(Frame.undrawable("Menu 日本")).hasValue("日".codePointAt(0));
        assertThat(Frame.undrawable("ok 😀")).as("DejaVu has the emoticons").isEmpty();
        assertThat(Frame.undrawable("नमस्ते")).hasValue("न".codePointAt(0));
        assertThat(Frame.undrawable("two\nlines")).hasValue('\n');
        assertThat(Frame.undrawable("tab\t")).hasValue('\t');
    }

    @Test
    void noGlyphExceedsTheBudgetsOfTheSvgAndTheRasterPath() {
        // The longest numbers: the caption is traced in pixels of the image, so at the largest size.
        int worstChars = 0;
        int worstBytes = 0;
        int glyphs = 0;
        for (int c = ' '; c < Character.MIN_SURROGATE; c++) {
            String text = Character.toString(c);
            if (Frame.undrawable(text).isPresent()) {
                continue;
            }
            glyphs++;
            RenderSpec spec = new RenderSpec(MATRIX, 5000, 4, design(FrameStyle.BANNER_BOTTOM, text));
            List<Layers.Layer> layers = Layers.frame(spec, spec.frameLayout());
            Layers.Layer caption = layers.get(layers.size() - 1);
            StringBuilder svg = new StringBuilder("M");
            caption.trace(new SvgPathWriter(svg));
            worstChars = Math.max(worstChars, svg.length());
            Path2D.Float path = new Path2D.Float();
            caption.trace(new RasterRenderer.Path2DSink(path));
            int bytes = 0;
            float[] coords = new float[6];
            for (PathIterator it = path.getPathIterator(null); !it.isDone(); it.next()) {
                int type = it.currentSegment(coords);
                bytes += 1 + Float.BYTES * (type == PathIterator.SEG_CUBICTO ? 6 : type == PathIterator.SEG_CLOSE ? 0
                        : 2);
            }
            // A Java2D path doubles its arrays as it grows.
            worstBytes = Math.max(worstBytes, 2 * bytes);
        }
        assertThat(glyphs).as("glyphs of the font in the BMP").isGreaterThan(3000);
        assertThat(worstChars).isLessThanOrEqualTo(SvgRenderer.MAX_CHARS_PER_CAPTION_CHAR);
        assertThat(worstBytes).isLessThanOrEqualTo(RasterRenderer.PATH_BYTES_PER_CAPTION_CHAR);
    }

    @Test
    void aLargeFramedPngStaysWithinItsEstimate() {
        Design design = new Design(BodyStyle.SQUARE, INK, Rgb.WHITE, null, Eyes.PLAIN,
                new Frame(FrameStyle.BANNER_BOTTOM, "@".repeat(Frame.MAX_TEXT), null, null));
        RenderSpec spec = new RenderSpec(QrEncoder.encode(DATA.repeat(20), ErrorCorrection.H, null), 5000, 4,
                design);
        long bytes = RasterRenderer.png(spec).remaining();
        assertThat(bytes).isLessThanOrEqualTo(RasterRenderer.pngBytes(spec));
    }

    private static int countOf(BufferedImage image, int row, FrameLayout.Box box, int rgb) {
        int count = 0;
        for (int x = (int) box.x(); x < box.x() + box.width(); x++) {
            if ((image.getRGB(x, row) & 0xffffff) == rgb) {
                count++;
            }
        }
        return count;
    }

    private static int grey(int rgb) {
        return ((rgb >> 16 & 0xff) + (rgb >> 8 & 0xff) + (rgb & 0xff)) / 3;
    }

}
