package dev.qrforge.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.api.WireNames;
import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Eyes;
import dev.qrforge.render.Frame;
import dev.qrforge.render.FrameStyle;
import dev.qrforge.render.QrMatrix;
import dev.qrforge.render.Rgb;
import dev.qrforge.testing.Decoding;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code design.frame}: its JSON, its validation, its merges, and the verdict on a framed code. */
class FramesTest {

    private static final ObjectMapper JSON = JsonConfig.build();
    private static final String DATA = "https://qrforge.dev/frames";
    private static final double MM_PER_POINT = 25.4 / 72;

    private static CodeSpec validate(String json) throws Exception {
        return QrRequestValidator.validate(JSON.readValue(json, QrRequest.class), ImageFormat.SVG,
                LogoReader.inlineOnly());
    }

    private static void rejects(String frame, String field, String message) {
        assertThatThrownBy(() -> validate("{\"data\": \"x\", \"design\": {\"frame\": " + frame + "}}"))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.field()).isEqualTo(field);
                    assertThat(e.getMessage()).contains(message);
                });
    }

    @Test
    void aFrameIsReadWithItsDefaultsAndEchoedAsChosen() throws Exception {
        CodeSpec spec = validate("{\"data\": \"x\", \"design\": {\"foregroundColor\": \"#1a237e\","
                + " \"frame\": {\"style\": \"banner-bottom\"}}}");
        Frame frame = spec.design().frame();
        assertThat(frame).isEqualTo(new Frame(FrameStyle.BANNER_BOTTOM, "SCAN ME", null, null));
        assertThat(frame.paint(spec.design()).hex()).isEqualTo("#1a237e");
        assertThat(frame.textPaint(spec.design())).isEqualTo(Rgb.WHITE);
        String echoed = JSON.writeValueAsString(DesignJson.of(spec.design(), null).frame());
        assertThat(echoed).isEqualTo("{\"style\":\"banner-bottom\",\"text\":\"SCAN ME\"}");

        CodeSpec full = validate("{\"data\": \"x\", \"design\": {\"frame\": {\"style\": \"speech-bubble\","
                + " \"text\": \"Menü 😀\", \"textColor\": \"#ffeb3b\", \"frameColor\": \"#004d40\"}}}");
        DesignJson.FrameJson json = DesignJson.of(full.design(), null).frame();
        assertThat(json).isEqualTo(new DesignJson.FrameJson("speech-bubble", "Menü 😀", "#ffeb3b", "#004d40"));
        assertThat(QrRequestValidator.frame(json)).isEqualTo(full.design().frame());

        assertThat(validate("{\"data\": \"x\", \"design\": {\"frame\": {\"style\": \"box\", \"text\": \"\"}}}")
                .design().frame().text()).as("an empty caption is allowed").isEmpty();
        assertThat(validate("{\"data\": \"x\", \"design\": {\"frame\": {\"style\": \"none\", \"text\": \"Hi\"}}}")
                .design().frame()).isEqualTo(Frame.NONE);
        assertThat(DesignJson.of(Design.DEFAULT, null).frame()).as("no frame, none shown").isNull();
    }

    @Test
    void everyBadFieldIsNamed() {
        rejects("{\"text\": \"Hi\"}", "design.frame.style", "required");
        rejects("{\"style\": \"circle\"}", "design.frame.style", "banner-bottom");
        rejects("{\"style\": \"box\", \"text\": \"" + "é".repeat(41) + "\"}", "design.frame.text", "at most 40");
        rejects("{\"style\": \"box\", \"text\": \"Menu 日本\"}", "design.frame.text", "U+65E5 '日'");
        rejects("{\"style\": \"box\", \"text\": \"a\\nb\"}", "design.frame.text", "U+000A");
        rejects("{\"style\": \"box\", \"textColor\": \"white\"}", "design.frame.textColor", "#rrggbb");
        rejects("{\"style\": \"box\", \"frameColor\": \"#12345\"}", "design.frame.frameColor", "#rrggbb");
    }

    @Test
    void fortyCharactersAreCountedAsCodePoints() throws Exception {
        String forty = "😀".repeat(40);
        assertThat(validate("{\"data\": \"x\", \"design\": {\"frame\": {\"style\": \"box\", \"text\": \"" + forty
                + "\"}}}").design().frame().text()).isEqualTo(forty);
    }

    @Test
    void defaultsMergeFieldByFieldAndRestyleMergesThePatch() throws Exception {
        DesignJson defaults = JSON.readValue("{\"frame\": {\"style\": \"banner-top\", \"frameColor\": \"#004d40\"}}",
                DesignJson.class);
        DesignJson item = JSON.readValue("{\"frame\": {\"text\": \"Table 7\"}}", DesignJson.class);
        assertThat(item.over(defaults).frame())
                .isEqualTo(new DesignJson.FrameJson("banner-top", "Table 7", null, "#004d40"));
        assertThat(JSON.readValue("{}", DesignJson.class).over(defaults).frame()).isEqualTo(defaults.frame());

        CodeSpec framed = validate("{\"data\": \"" + DATA + "\", \"design\": {\"frame\": {\"style\": \"ticket\","
                + " \"text\": \"Admit one\", \"frameColor\": \"#004d40\"}}}");
        DesignJson recorded = DesignJson.of(framed.design(), framed.logo());
        CodeSpec restyled = QrRequestValidator.validate(Restyle.merge(framed, recorded,
                (ObjectNode) JSON.readTree("{\"design\": {\"frame\": {\"text\": \"Admit two\", \"frameColor\": null}}}"),
                RestyleTest.TEMPLATES),
                ImageFormat.SVG, LogoReader.inlineOnly());
        assertThat(restyled.design().frame()).isEqualTo(new Frame(FrameStyle.TICKET, "Admit two", null, null));
        CodeSpec unframed = QrRequestValidator.validate(Restyle.merge(framed, recorded,
                (ObjectNode) JSON.readTree("{\"design\": {\"frame\": null}}"), RestyleTest.TEMPLATES), ImageFormat.SVG,
                LogoReader.inlineOnly());
        assertThat(unframed.design().frame()).isEqualTo(Frame.NONE);
    }

    @ParameterizedTest
    @EnumSource(ImageFormat.class)
    void theVerdictOnAFramedCodeIsTheVerdictOnTheCodeInside(ImageFormat format) {
        for (FrameStyle style : FrameStyle.values()) {
            for (BodyStyle body : new BodyStyle[] {BodyStyle.SQUARE, BodyStyle.STAR}) {
                Design bare = new Design(body, Rgb.parseHex("#1a237e").orElseThrow(), Rgb.WHITE, null, Eyes.PLAIN);
                CodeSpec plain = new CodeSpec(DATA, format, 250, 4, ErrorCorrection.M, bare);
                CodeSpec framed = new CodeSpec(DATA, format, 250, 4, ErrorCorrection.M,
                        bare.withFrame(new Frame(style, "Scan me", null, null)));
                GeneratedCode code = CodeGenerator.generate(framed);
                assertThat(code.safety()).as("%s around %s", style, body)
                        .isEqualTo(CodeGenerator.generate(plain).safety());
                if (format == ImageFormat.PNG) {
                    assertThat(Decoding.pngText(code.png())).isEqualTo(DATA);
                }
            }
        }
    }

    /**
     * A framed PDF or EPS page is the size docs/api.md gives (Frames, Geometry): the image's table with the border
     * {@code t} and the caption's band {@code b} whole pixels in pixels, exactly 4 % and 20 % of the code's edge in mm
     * or inches, which have no pixels to round to.
     */
    @ParameterizedTest
    @EnumSource(FrameStyle.class)
    void aFramedPrintPageIsTheDocumentedSize(FrameStyle style) throws Exception {
        // The borders t the table adds to the width and to the height; every frame but none adds its band b below.
        int[] borders = switch (style) {
            case NONE -> new int[] {0, 0};
            case BOX, BRACKET, TAB_TOP -> new int[] {2, 2};
            case ROUNDED_BOX -> new int[] {4, 4};
            case BANNER_TOP, BANNER_BOTTOM -> new int[] {2, 1};
            case TICKET -> new int[] {4, 2};
            case SPEECH_BUBBLE -> new int[] {0, 3};
            case ARROW -> new int[] {0, 5};
        };
        double bands = style == FrameStyle.NONE ? 0 : 1;
        for (String unit : new String[] {"mm", "in", "px"}) {
            for (String written : unit.equals("mm") ? new String[] {"10", "30", "57.3", "2000"} : unit.equals("in")
                    ? new String[] {"1.5"} : new String[] {"301"}) {
                double size = Double.parseDouble(written);
                double mmPerUnit = unit.equals("mm") ? 1 : unit.equals("in") ? 25.4 : 25.4 / 96;
                double t = unit.equals("px") ? Math.max(1, Math.round(0.04 * size)) : 0.04 * size;
                double b = unit.equals("px") ? Math.max(1, Math.round(0.2 * size)) : 0.2 * size;
                double width = (size + borders[0] * t) * mmPerUnit;
                double height = (size + borders[1] * t + bands * b) * mmPerUnit;
                for (String format : new String[] {"pdf", "eps"}) {
                    CodeSpec spec = printed(format, written, unit, style);
                    byte[] file = Decoding.bytes(CodeGenerator.image(spec, CodeGenerator.encode(spec)));
                    double[] page = format.equals("pdf") ? mediaBox(file) : boundingBox(file);
                    assertThat(page).as("%s, %s %s %s: the page in mm", style, format, written, unit)
                            .containsExactly(new double[] {width, height}, Offset.offset(0.01));
                    if (style == FrameStyle.BANNER_BOTTOM && unit.equals("mm") && size == 30) {
                        assertThat(page).as("the example docs/api.md gives")
                                .containsExactly(new double[] {32.4, 37.2}, Offset.offset(0.01));
                    }
                    if (format.equals("pdf") && size == 30) {
                        // The page rendered back for the verdict puts the code's square on the check raster's.
                        assertThat(CodeGenerator.generate(spec).safety()).as("%s", style).isEqualTo(
                                CodeGenerator.generate(printed(format, written, unit, FrameStyle.NONE)).safety());
                    }
                }
            }
        }
    }

    private static CodeSpec printed(String format, String size, String unit, FrameStyle style) throws Exception {
        return validate("{\"data\": \"" + DATA + "\", \"format\": \"" + format + "\", \"size\": " + size
                + ", \"unit\": \"" + unit + "\", \"design\": {\"frame\": {\"style\": \"" + WireNames.of(style)
                + "\"}}}");
    }

    /** A PDF's page (its MediaBox) in mm. */
    private static double[] mediaBox(byte[] pdf) throws IOException {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            PDRectangle box = document.getPage(0).getMediaBox();
            assertThat(new double[] {box.getLowerLeftX(), box.getLowerLeftY()}).containsExactly(0, 0);
            return new double[] {box.getWidth() * MM_PER_POINT, box.getHeight() * MM_PER_POINT};
        }
    }

    /** An EPS file's exact bounding box in mm, the whole-point one checked to be the same rounded up. */
    private static double[] boundingBox(byte[] eps) {
        String header = new String(eps, StandardCharsets.ISO_8859_1);
        Matcher exact = Pattern.compile("%%HiResBoundingBox: 0 0 ([0-9.]+) ([0-9.]+)\n").matcher(header);
        assertThat(exact.find()).as("an exact bounding box").isTrue();
        double width = Double.parseDouble(exact.group(1));
        double height = Double.parseDouble(exact.group(2));
        assertThat(header).contains("%%BoundingBox: 0 0 " + (int) Math.ceil(width) + " " + (int) Math.ceil(height)
                + "\n");
        return new double[] {width * MM_PER_POINT, height * MM_PER_POINT};
    }

    @Test
    void aFrameCostsMemoryForItsRowsAndItsCaption() {
        Design bare = new Design(BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE, null, Eyes.PLAIN);
        Design framed = bare.withFrame(new Frame(FrameStyle.BANNER_BOTTOM, "x".repeat(40), null, null));
        for (ImageFormat format : ImageFormat.values()) {
            CodeSpec plain = new CodeSpec(DATA, format, 5000, 4, ErrorCorrection.M, bare);
            QrMatrix matrix = CodeGenerator.encode(plain);
            CodeSpec withFrame = new CodeSpec(DATA, format, 5000, 4, ErrorCorrection.M, framed);
            assertThat(CodeGenerator.memoryCost(withFrame, matrix)).as("%s", format)
                    .isGreaterThan(CodeGenerator.memoryCost(plain, matrix));
        }
    }

    @Test
    void theDesignOptionsListEveryFrameStyle() {
        DesignOptions.Option styles = DesignOptions.current().design().get("frame.style");
        assertThat(styles.values()).containsExactlyElementsOf(WireNames.all(FrameStyle.class));
        assertThat(styles.values()).hasSizeGreaterThanOrEqualTo(9).contains("none", "box", "rounded-box",
                "banner-top", "banner-bottom", "speech-bubble", "arrow", "ticket");
        assertThat(DesignOptions.current().design().get("frame.text").defaultValue()).isEqualTo("SCAN ME");
    }
}
