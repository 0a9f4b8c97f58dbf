package dev.qrforge.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.testing.Decoding;
import dev.qrforge.testing.Rasters;
import java.awt.Rectangle;
import java.awt.geom.AffineTransform;
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
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Frames with a call to action: their geometry, their caption's font, and both renderers drawing them alike. */
class FrameRenderingTest {

    private static final String DATA = "https://qrforge.dev/frames";
    private static final Rgb INK = Rgb.parseHex("#1a237e").orElseThrow();
    private static final Rgb TEAL = Rgb.parseHex("#00796b").orElseThrow();
    private static final double ROUNDING = 1e-9;
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

    /**
     * The frame's and caption's outlines in pixels of the image, as the raster renderer fills them; the frame in a
     * colour of its own, so that its outlines are not merged with the body's.
     */
    private static Area frameArea(FrameStyle style, int size) {
        RenderSpec spec = new RenderSpec(MATRIX, size, 4, design(style, Frame.DEFAULT_TEXT)
                .withFrame(new Frame(style, Frame.DEFAULT_TEXT, null, TEAL)));
        Area area = new Area();
        RenderSpec bare = new RenderSpec(spec.matrix(), spec.size(), spec.margin(),
                spec.design().withFrame(Frame.NONE));
        int codeLayers = Layers.of(bare).size();
        List<Layers.Layer> layers = Layers.of(spec);
        // The frame's layer is first (its own unless the body shares its paint), the caption's last.
        for (Layers.Layer layer : List.of(layers.get(0), layers.get(layers.size() - 1))) {
            Path2D.Double path = new Path2D.Double(Path2D.WIND_NON_ZERO);
            layer.trace(new RasterRenderer.Path2DSink(path));
            path.transform(new AffineTransform(spec.moduleSize(), 0, 0, spec.moduleSize(),
                    spec.symbolX(), spec.symbolY()));
            area.add(new Area(path));
        }
        assertThat(layers).hasSize(codeLayers + 2);
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
            // Within the rounding of pixels to module units and back.
            assertThat(bounds.getMinX()).as("%s", style).isGreaterThan(-ROUNDING);
            assertThat(bounds.getMinY()).isGreaterThan(-ROUNDING);
            assertThat(bounds.getMaxX()).isLessThan(spec.imageWidth() + ROUNDING);
            assertThat(bounds.getMaxY()).isLessThan(spec.imageHeight() + ROUNDING);
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

    @ParameterizedTest
    @EnumSource(FrameStyle.class)
    void theCodesPixelsAreThoseOfTheUnframedCode(FrameStyle style) {
        // Stamped (10 px modules) and outlined bodies, solid and gradient.
        for (int size : new int[] {330, 347}) {
            for (Gradient gradient : new Gradient[] {null, new Gradient(GradientType.LINEAR, TEAL, 30, true)}) {
                Design design = new Design(BodyStyle.DOTS, INK, Rgb.WHITE, gradient, Eyes.PLAIN,
                        new Frame(style, "Scan me, please", null, null));
                RenderSpec framed = new RenderSpec(MATRIX, size, 4, design);
                BufferedImage image = Rasters.draw(framed);
                BufferedImage bare = Rasters.draw(new RenderSpec(MATRIX, size, 4, design.withFrame(Frame.NONE)));
                for (int y = 0; y < size; y++) {
                    for (int x = 0; x < size; x++) {
                        assertThat(image.getRGB(framed.codeX() + x, framed.codeY() + y)).as("%s (%d, %d)", style, x, y)
                                .isEqualTo(bare.getRGB(x, y));
                    }
                }
            }
        }
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
        int row = box.y() + box.height() / 2;
        int text = design(style, "").frame().textPaint(spec.design()).rgb();
        assertThat(countOf(raster, row, box, text)).as("%s: caption pixels", style).isGreaterThan(box.width() / 20);
        assertThat(countOf(batik, row, box, text)).as("%s: caption pixels in the SVG", style)
                .isGreaterThan(box.width() / 20);
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
        assertThat(Layers.of(spec)).hasSize(Layers.of(spec(FrameStyle.NONE, 300)).size());
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
        // The longest numbers: the densest symbol with the widest quiet zone at the smallest size, so a glyph spans
        // the most modules.
        QrMatrix dense = QrEncoder.encode("9".repeat(7000), ErrorCorrection.L, null);
        int worstChars = 0;
        int worstBytes = 0;
        int glyphs = 0;
        for (int c = ' '; c < Character.MIN_SURROGATE; c++) {
            String text = Character.toString(c);
            if (Frame.undrawable(text).isPresent()) {
                continue;
            }
            glyphs++;
            List<Layers.Layer> layers = Layers.of(new RenderSpec(dense, 100, 20, design(FrameStyle.BANNER_BOTTOM,
                    text)));
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
        for (int x = box.x(); x < box.x() + box.width(); x++) {
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
