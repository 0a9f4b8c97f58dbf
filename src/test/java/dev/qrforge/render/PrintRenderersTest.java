package dev.qrforge.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.testing.Decoding;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.stream.ImageInputStream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Element;

class PrintRenderersTest {

    private static final String URL = "https://example.com/print?run=30mm";
    private static final Rgb NAVY = Rgb.parseHex("#1a237e").orElseThrow();
    private static final Rgb PLUM = Rgb.parseHex("#6a1b9a").orElseThrow();
    private static final double MM_30_IN_POINTS = 30 / 25.4 * 72;

    static Stream<Design> designs() {
        return Stream.of(
                Design.DEFAULT,
                new Design(BodyStyle.ROUNDED_POINTED, NAVY, null, null),
                new Design(BodyStyle.SQUARE, NAVY, Rgb.WHITE, new Gradient(GradientType.LINEAR, PLUM)),
                new Design(BodyStyle.DOTS, NAVY, Rgb.WHITE, new Gradient(GradientType.RADIAL, PLUM)));
    }

    private static RenderSpec spec(int size, Design design) {
        return new RenderSpec(QrEncoder.encode(URL, ErrorCorrection.M), size, 4, design);
    }

    private static BufferedImage renderPdf(byte[] pdf, float dpi) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return new PDFRenderer(document).renderImageWithDPI(0, dpi, ImageType.RGB);
        }
    }

    @Test
    void pdfPageIsExactlyThePrintSize() throws IOException {
        byte[] pdf = PdfRenderer.render(spec(300, Design.DEFAULT), PrintPage.rgb(MM_30_IN_POINTS));
        try (PDDocument document = Loader.loadPDF(pdf)) {
            assertThat(document.getNumberOfPages()).isEqualTo(1);
            PDRectangle box = document.getPage(0).getMediaBox();
            assertThat(box.getLowerLeftX()).isZero();
            assertThat(box.getLowerLeftY()).isZero();
            assertThat((double) box.getWidth()).isCloseTo(85.0394, org.assertj.core.data.Offset.offset(0.0001));
            assertThat((double) box.getHeight()).isCloseTo(85.0394, org.assertj.core.data.Offset.offset(0.0001));
        }
    }

    @Test
    void aFramedPageHasTheFramesExactProportions() throws IOException {
        // 30 mm is 113 px at 96 per inch, where whole pixels would make the border 5 px (4.4 %), the band 23 (20.4 %).
        RenderSpec framed = spec(113, Design.DEFAULT.withFrame(new Frame(FrameStyle.BANNER_BOTTOM, "Scan me", null,
                null)));
        double width = MM_30_IN_POINTS * 1.08;
        double height = MM_30_IN_POINTS * 1.24;
        byte[] pdf = PdfRenderer.render(framed, PrintPage.rgb(MM_30_IN_POINTS));
        try (PDDocument document = Loader.loadPDF(pdf)) {
            PDRectangle box = document.getPage(0).getMediaBox();
            assertThat((double) box.getWidth()).isCloseTo(width, org.assertj.core.data.Offset.offset(0.001));
            assertThat((double) box.getHeight()).isCloseTo(height, org.assertj.core.data.Offset.offset(0.001));
        }
        assertThat(Decoding.text(renderPdf(pdf, 300))).as("the framed page, whole").isEqualTo(URL);
        String eps = new String(EpsRenderer.render(framed, PrintPage.rgb(MM_30_IN_POINTS)), StandardCharsets.US_ASCII);
        assertThat(eps).contains(String.format(java.util.Locale.ROOT, "%%%%HiResBoundingBox: 0 0 %.4f %.4f", width,
                height));
        BufferedImage jpeg = RasterFiles.image(framed);
        assertThat(jpeg.getWidth()).isEqualTo(framed.imageWidth());
        assertThat(jpeg.getHeight()).isEqualTo(framed.imageHeight());
    }

    @ParameterizedTest
    @MethodSource("designs")
    void pdfDecodesWhenRendered(Design design) throws IOException {
        for (PrintPage page : new PrintPage[] {PrintPage.rgb(MM_30_IN_POINTS),
                new PrintPage(MM_30_IN_POINTS, false, Map.of())}) {
            BufferedImage image = renderPdf(PdfRenderer.render(spec(300, design), page), 300);
            assertThat(image.getWidth()).isBetween(353, 355);
            assertThat(Decoding.text(image)).as("%s, cmyk %s", design, page.cmyk()).isEqualTo(URL);
        }
    }

    @Test
    void cmykPdfWritesDeviceCmykInks() throws IOException {
        Cmyk brand = new Cmyk(100, 72, 0, 18);
        Design design = new Design(BodyStyle.SQUARE, brand.toRgb(), Rgb.WHITE, null);
        String content = pageContent(PdfRenderer.render(spec(300, design),
                new PrintPage(100, false, Map.of(brand.toRgb(), brand))));
        assertThat(content).contains("1 0.72 0 0.18 k").contains("0 0 0 0 k").doesNotContain(" rg");
        String rgb = pageContent(PdfRenderer.render(spec(300, design), PrintPage.rgb(100)));
        assertThat(rgb).contains(" rg").doesNotContain(" k\n");
    }

    @Test
    void gradientsAreShadingsInThePdfAndTheEps() throws IOException {
        Design linear = designs().toList().get(2);
        String content = pageContent(PdfRenderer.render(spec(300, linear), new PrintPage(100, false, Map.of())));
        assertThat(content).contains(" sh");
        String eps = new String(EpsRenderer.render(spec(300, linear), new PrintPage(100, false, Map.of())),
                StandardCharsets.ISO_8859_1);
        assertThat(eps).contains("/ShadingType 2").contains("/DeviceCMYK").contains("shfill");
    }

    private static String pageContent(byte[] pdf) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return new String(document.getPage(0).getContents().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void epsHasExactAndWholePointBoundingBoxesAndCmykInks() {
        Design design = new Design(BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE, null);
        String eps = new String(EpsRenderer.render(spec(300, design),
                new PrintPage(MM_30_IN_POINTS, false, Map.of())), StandardCharsets.ISO_8859_1);
        assertThat(eps).startsWith("%!PS-Adobe-3.0 EPSF-3.0").contains("%%BoundingBox: 0 0 86 86")
                .contains("%%HiResBoundingBox: 0 0 85.0394 85.0394").contains("%%LanguageLevel: 3")
                // The prolog binds CC to setcmykcolor and RC to setrgbcolor; the page uses only the former.
                .contains("/CC/setcmykcolor ld").contains("\n0 0 0 1 CC\n").doesNotContain(" RC\n");
        // Greys are written as setgray in RGB: a colour shows the RGB operator.
        String rgb = new String(EpsRenderer.render(spec(300, new Design(BodyStyle.SQUARE, NAVY, Rgb.WHITE, null)),
                PrintPage.rgb(MM_30_IN_POINTS)), StandardCharsets.ISO_8859_1);
        assertThat(rgb).contains(" RC\n").doesNotContain(" CC\n");
    }

    @Test
    void jpegDecodesWithFullChromaAndItsDensity() throws IOException {
        RenderSpec spec = spec(354, designs().toList().get(2));
        byte[] jpeg = RasterFiles.jpeg(RasterFiles.image(spec), 300);
        BufferedImage decoded = RasterFiles.readJpeg(jpeg);
        assertThat(decoded.getWidth()).isEqualTo(354);
        assertThat(Decoding.text(decoded)).isEqualTo(URL);
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(jpeg))) {
            ImageReader reader = ImageIO.getImageReadersByFormatName("jpeg").next();
            reader.setInput(in);
            IIOMetadata metadata = reader.getImageMetadata(0);
            Element tree = (Element) metadata.getAsTree("javax_imageio_jpeg_image_1.0");
            Element jfif = (Element) tree.getElementsByTagName("app0JFIF").item(0);
            assertThat(jfif.getAttribute("resUnits")).isEqualTo("1");
            assertThat(jfif.getAttribute("Xdensity")).isEqualTo("300");
            var components = tree.getElementsByTagName("componentSpec");
            assertThat(components.getLength()).isEqualTo(3);
            for (int i = 0; i < components.getLength(); i++) {
                assertThat(((Element) components.item(i)).getAttribute("HsamplingFactor")).isEqualTo("1");
                assertThat(((Element) components.item(i)).getAttribute("VsamplingFactor")).isEqualTo("1");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("designs")
    void webpIsLossless(Design design) {
        BufferedImage image = RasterFiles.image(spec(300, design));
        BufferedImage decoded = RasterFiles.readWebp(RasterFiles.webp(image));
        assertThat(decoded.getWidth()).isEqualTo(300);
        for (int y = 0; y < 300; y++) {
            for (int x = 0; x < 300; x++) {
                int expected = image.getRGB(x, y);
                int actual = decoded.getRGB(x, y);
                // Fully transparent pixels may keep any colour.
                if ((expected >>> 24) != 0 || (actual >>> 24) != 0) {
                    assertThat(actual).as("pixel %d,%d", x, y).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void pngStatesItsDensity() {
        byte[] png = Decoding.bytes(RasterRenderer.png(spec(300, Design.DEFAULT), 300, RowSink.NONE));
        String file = new String(png, StandardCharsets.ISO_8859_1);
        int chunk = file.indexOf("pHYs");
        assertThat(chunk).isPositive();
        int perMetre = (png[chunk + 4] & 0xff) << 24 | (png[chunk + 5] & 0xff) << 16 | (png[chunk + 6] & 0xff) << 8
                | png[chunk + 7] & 0xff;
        assertThat(perMetre).isEqualTo(11811);
        assertThat(png[chunk + 12]).isEqualTo((byte) 1);
        assertThat(Decoding.text(Decoding.png(png))).isEqualTo(URL);
    }

    @Test
    void cmykConversions() {
        assertThat(Cmyk.of(Rgb.BLACK)).isEqualTo(new Cmyk(0, 0, 0, 100));
        assertThat(Cmyk.of(Rgb.WHITE)).isEqualTo(new Cmyk(0, 0, 0, 0));
        assertThat(Cmyk.of(new Rgb(255, 0, 0))).isEqualTo(new Cmyk(0, 100, 100, 0));
        assertThat(new Cmyk(0, 0, 0, 100).toRgb()).isEqualTo(Rgb.BLACK);
        assertThat(new Cmyk(100, 0, 0, 0).toRgb()).isEqualTo(new Rgb(0, 255, 255));
        assertThat(Cmyk.parse("cmyk(100, 72, 0, 18.5)")).contains(new Cmyk(100, 72, 0, 18.5));
        assertThat(Cmyk.parse("cmyk(100,72,0,18.5)").orElseThrow().wire()).isEqualTo("cmyk(100,72,0,18.5)");
        assertThat(Cmyk.parse("cmyk(101,0,0,0)")).isEmpty();
        assertThat(Cmyk.parse("cmyk(-1,0,0,0)")).isEmpty();
        assertThat(Cmyk.parse("cmyk(1,2,3)")).isEmpty();
        assertThat(Cmyk.parse("#000000")).isEmpty();
    }
}
