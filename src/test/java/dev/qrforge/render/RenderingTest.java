package dev.qrforge.render;

import dev.qrforge.testing.Decoding;
import dev.qrforge.testing.Rasters;
import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.StringReader;
import java.util.BitSet;
import java.util.Locale;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

class RenderingTest {

    private static final String URL = "https://example.com/menu?table=12";
    private static final Rgb NAVY = Rgb.parseHex("#1a237e").orElseThrow();
    private static final Rgb PLUM = Rgb.parseHex("#6a1b9a").orElseThrow();

    static Stream<Design> designs() {
        return Stream.of(
                Design.DEFAULT,
                new Design(BodyStyle.ROUNDED_POINTED, Rgb.BLACK, Rgb.WHITE, null),
                new Design(BodyStyle.SQUARE, NAVY, Rgb.WHITE, new Gradient(GradientType.LINEAR, PLUM)),
                new Design(BodyStyle.ROUNDED_POINTED, NAVY, Rgb.WHITE, new Gradient(GradientType.RADIAL, PLUM)));
    }

    private static RenderSpec spec(int size, Design design) {
        return new RenderSpec(QrEncoder.encode(URL, ErrorCorrection.M), size, 4, design);
    }

    @ParameterizedTest
    @ValueSource(ints = {100, 300, 1000, 5000})
    void pngIsExactlyTheRequestedSize(int size) {
        BufferedImage image = Decoding.png(RasterRenderer.png(spec(size, Design.DEFAULT)));
        assertThat(image.getWidth()).isEqualTo(size);
        assertThat(image.getHeight()).isEqualTo(size);
    }

    @ParameterizedTest
    @MethodSource("designs")
    void pngDecodesBack(Design design) {
        assertThat(Decoding.text(Decoding.png(RasterRenderer.png(spec(300, design))))).isEqualTo(URL);
    }

    @ParameterizedTest
    @MethodSource("designs")
    void svgRasterisedByBatikDecodesBack(Design design) {
        BufferedImage image = Decoding.rasterise(SvgRenderer.render(spec(300, design)));
        assertThat(image.getWidth()).isEqualTo(300);
        assertThat(Decoding.text(image)).isEqualTo(URL);
    }

    @ParameterizedTest
    @MethodSource("designs")
    void svgIsCompactWellFormedXml(Design design) throws Exception {
        Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new InputSource(new StringReader(SvgRenderer.render(spec(300, design)))));
        Element root = svg.getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("svg");
        assertThat(root.getAttribute("width")).isEqualTo("300");
        assertThat(root.getAttribute("height")).isEqualTo("300");
        assertThat(root.getAttribute("viewBox")).isEqualTo("0 0 300 300");
        assertThat(svg.getElementsByTagName("path").getLength()).isEqualTo(1);
        assertThat(svg.getElementsByTagName("rect").getLength()).isEqualTo(1);
        assertThat(svg.getElementsByTagName("stop").getLength()).isEqualTo(design.foregroundStops().size() == 1 ? 0 : 2);
    }

    @Test
    void svgNumbersIgnoreTheLocaleAndStayShort() {
        Locale original = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            // 300 px over 29 + 8 modules: an inexact scale.
            String svg = SvgRenderer.render(spec(300, Design.DEFAULT));
            assertThat(svg).contains("scale(8.1081)").contains("translate(32.4324 32.4324)");
            assertThat(svg).doesNotContain(",").doesNotContainPattern("\\.\\d*0[^\\d]").doesNotContain(".0\"");
        } finally {
            Locale.setDefault(original);
        }
    }

    @Test
    void squareStyleWritesOneRectanglePerRun() {
        // Row 0: ##.#  Row 1: ....
        QrMatrix matrix = matrix(4, 0, 1, 3);
        String svg = SvgRenderer.render(new RenderSpec(matrix, 400, 0, Design.DEFAULT));
        assertThat(svg).contains("d=\"m0 0h2v1h-2zm3 0h1v1h-1z\"");
    }

    /**
     * At 100 px per module: a lone module loses its top-left and bottom-right corners and keeps the other two; in an
     * L of three modules only the region's convex top-left and bottom-right corners are rounded.
     */
    @Test
    void roundedPointedRoundsOnlyConvexTopLeftAndBottomRightCorners() {
        Design rounded = new Design(BodyStyle.ROUNDED_POINTED, Rgb.BLACK, Rgb.WHITE, null);
        BufferedImage lone = Rasters.draw(new RenderSpec(matrix(1, 0), 100, 0, rounded));
        assertThat(isDark(lone, 2, 2)).as("top-left").isFalse();
        assertThat(isDark(lone, 97, 2)).as("top-right").isTrue();
        assertThat(isDark(lone, 97, 97)).as("bottom-right").isFalse();
        assertThat(isDark(lone, 2, 97)).as("bottom-left").isTrue();
        assertThat(isDark(lone, 50, 50)).as("centre").isTrue();

        // An L of three modules in a 2×2 grid: (0,0), (0,1), (1,1). The concave corner at (1,1) stays square; the
        // run (0,1)-(1,1) starts below a dark module, so its top-left corner is not convex and stays square too.
        BufferedImage ell = Rasters.draw(new RenderSpec(matrix(2, 0, 2, 3), 200, 0, rounded));
        assertThat(isDark(ell, 2, 2)).as("outer top-left").isFalse();
        assertThat(isDark(ell, 2, 102)).as("left edge, no corner").isTrue();
        assertThat(isDark(ell, 102, 102)).as("concave corner").isTrue();
        assertThat(isDark(ell, 197, 197)).as("outer bottom-right").isFalse();
        assertThat(isDark(ell, 97, 2)).as("top-right of the stem").isTrue();
        assertThat(isDark(ell, 97, 97)).as("bottom-right of the stem, above a dark module").isTrue();
    }

    @Test
    void finderPatternsStaySquareInTheRoundedStyle() {
        QrMatrix symbol = QrEncoder.encode("https://example.com", ErrorCorrection.M);
        int edge = symbol.modules() * 10;
        BufferedImage image = Rasters.draw(new RenderSpec(symbol, edge, 0,
                new Design(BodyStyle.ROUNDED_POINTED, Rgb.BLACK, Rgb.WHITE, null)));
        assertThat(isDark(image, 1, 1)).as("top-left eye's outer corner").isTrue();
        assertThat(isDark(image, edge - 2, 1)).as("top-right eye's corner").isTrue();
        assertThat(isDark(image, 68, 68)).as("top-left eye's bottom-right corner").isTrue();
    }

    @Test
    void svgAndRasterAgreeOnRoundedCorners() {
        Design rounded = new Design(BodyStyle.ROUNDED_POINTED, Rgb.BLACK, Rgb.WHITE, null);
        RenderSpec spec = new RenderSpec(matrix(1, 0), 100, 0, rounded);
        BufferedImage batik = Decoding.rasterise(SvgRenderer.render(spec));
        BufferedImage java2d = Rasters.draw(spec);
        for (int[] p : new int[][] {{2, 2}, {97, 2}, {97, 97}, {2, 97}, {20, 20}, {80, 80}}) {
            assertThat(isDark(batik, p[0], p[1])).as("%d,%d", p[0], p[1]).isEqualTo(isDark(java2d, p[0], p[1]));
        }
    }

    private static QrMatrix matrix(int modules, int... darkIndices) {
        BitSet dark = new BitSet();
        for (int index : darkIndices) {
            dark.set(index);
        }
        return new QrMatrix(1, ErrorCorrection.M, 0, modules, dark);
    }

    private static boolean isDark(BufferedImage image, int x, int y) {
        int rgb = image.getRGB(x, y);
        return ((rgb >> 16 & 0xff) + (rgb >> 8 & 0xff) + (rgb & 0xff)) / 3 < 128;
    }
}
