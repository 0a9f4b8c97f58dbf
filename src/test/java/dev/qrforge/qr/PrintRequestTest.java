package dev.qrforge.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorMapper;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.render.Cmyk;
import dev.qrforge.render.Rgb;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.data.Offset;
import dev.qrforge.safety.Safety;
import dev.qrforge.safety.SafetyStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Units, DPI and colour spaces of a generation request: what each combination draws, and the field each error names. */
class PrintRequestTest {

    private static final ObjectMapper JSON = JsonConfig.build();

    private static QrRequest request(String format, Number size, String unit, Integer dpi, String colorSpace,
            DesignJson design) {
        return new QrRequest("https://example.com", format, size, null, null, design, null, null, unit, dpi,
                colorSpace);
    }

    private static CodeSpec validate(QrRequest request) {
        return QrRequestValidator.validate(request, ImageFormat.SVG, LogoReader.inlineOnly());
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> rejects(QrRequest request, String field) {
        return assertThatThrownBy(() -> validate(request)).isInstanceOf(ApiException.class)
                .satisfies(e -> assertThat(((ApiException) e).field()).isEqualTo(field));
    }

    private static DesignJson colours(String foreground, String background) {
        return new DesignJson(null, foreground, background, null, null);
    }

    @Test
    void pixelsAreTheDefaultAndWholeNumbers() {
        CodeSpec spec = validate(request("png", 300, null, null, null, null));
        assertThat(spec.size()).isEqualTo(300);
        assertThat(spec.print()).isEqualTo(PrintSize.pixels(300));
        rejects(request("png", 300.5, null, null, null, null), "size").hasMessageContaining("whole number");
        rejects(request("png", 300.0, "px", null, null, null), "size");
        rejects(request("png", 3_000_000_000L, null, null, null, null), "size").hasMessageContaining("5000");
        rejects(request("png", 300, "px", 300, null, null), "dpi").hasMessageContaining("mm or in");
        rejects(request("png", 300, "cm", null, null, null), "unit").hasMessageContaining("px, mm, in");
    }

    @Test
    void physicalRasterSizesComeToPixelsAtTheDpi() {
        CodeSpec mm = validate(request("png", 30, "mm", null, null, null));
        assertThat(mm.size()).isEqualTo(354);
        assertThat(mm.print().dpi()).isEqualTo(300);
        CodeSpec inches = validate(request("jpeg", 1.5, "in", 600, null, null));
        assertThat(inches.size()).isEqualTo(900);
        assertThat(inches.print().statedDpi()).isEqualTo(600);
        rejects(request("png", 5, "mm", 300, null, null), "size").hasMessageContaining("comes to 59 pixels");
        rejects(request("webp", 500, "mm", 1200, null, null), "size").hasMessageContaining("23622 pixels");
        rejects(request("png", 30, "mm", 71, null, null), "dpi");
        rejects(request("png", 30, "mm", 1201, null, null), "dpi");
        rejects(request("png", null, "mm", null, null, null), "size").hasMessageContaining("required");
    }

    @Test
    void printIsJudgedAtPrintSizeAndSpokenOfInItsUnit() {
        for (String format : List.of("pdf", "eps")) {
            // A short link at 30 mm: modules of 0.91 mm, which a phone reads from 20 cm.
            Safety thirty = CodeGenerator.generate(validate(request(format, 30, "mm", null, null, null))).safety();
            assertThat(thirty.status()).as(format).isEqualTo(SafetyStatus.OPTIMAL);
            assertThat(thirty.warnings()).as(format).isEmpty();
            Safety twelve = CodeGenerator.generate(validate(request(format, 12, "mm", null, null, null))).safety();
            assertThat(twelve.warnings()).as(format).singleElement().asString()
                    .contains("mm wide at 12 mm", "print it at least 27 mm wide").doesNotContain(" px");
        }
        Safety inches = CodeGenerator.generate(validate(request("pdf", 0.5, "in", null, null, null))).safety();
        assertThat(inches.warnings()).singleElement().asString().contains("at 0.5 in", "in wide")
                .doesNotContain(" px").doesNotContain(" mm wide,");
        Safety coarse = CodeGenerator.generate(validate(request("png", 40, "mm", 72, null, null))).safety();
        assertThat(coarse.warnings()).anySatisfy(w -> assertThat(w).contains("at 72 dpi", "dpi (6 px per module)"))
                .noneSatisfy(w -> assertThat(w).contains("size of at least"));
    }

    @Test
    void vectorPagesAreExactlyTheirSize() {
        CodeSpec mm = validate(request("pdf", 30, "mm", null, null, null));
        assertThat(mm.print().page().edgePoints()).isCloseTo(85.0394, Offset.offset(0.0001));
        // Drawn, and judged, at CSS pixels; a DPI is meaningless for a vector page and not kept.
        assertThat(mm.size()).isEqualTo(113);
        assertThat(mm.print().dpi()).isNull();
        assertThat(validate(request("eps", 2, "in", 300, null, null)).print().page().edgePoints()).isEqualTo(144);
        assertThat(validate(request("pdf", 300, null, null, null, null)).print().page().edgePoints()).isEqualTo(225);
        rejects(request("pdf", 9.9, "mm", null, null, null), "size").hasMessageContaining("10 to 2000 mm");
        rejects(request("eps", 80, "in", null, null, null), "size");
        rejects(request("pdf", 30, "mm", 2000, null, null), "dpi");
    }

    @Test
    void cmykIsForPrintFormatsOnly() {
        assertThat(validate(request("pdf", 30, "mm", null, "cmyk", null)).print().colorSpace())
                .isEqualTo(ColorSpace.CMYK);
        rejects(request("png", null, null, null, "cmyk", null), "colorSpace").hasMessageContaining("pdf or eps");
        rejects(request("pdf", null, null, null, "CMYK", null), "colorSpace").hasMessageContaining("rgb, cmyk");
    }

    @Test
    void cmykColoursAreKeptAsInksAndDrawnAsTheirRgbEquivalent() {
        CodeSpec spec = validate(request("pdf", 30, "mm", null, "cmyk",
                new DesignJson(null, "cmyk(100,72,0,18.5)", "#ffffff", null, null, null, null, null, null,
                        null, "cmyk(0, 100, 100, 0)", null, null, null, null, null)));
        Cmyk brand = new Cmyk(100, 72, 0, 18.5);
        assertThat(spec.design().foreground()).isEqualTo(brand.toRgb());
        assertThat(spec.design().eyes().topLeft().ballColor()).isEqualTo(new Rgb(255, 0, 0));
        assertThat(spec.print().cmykInks()).containsEntry(brand.toRgb(), brand)
                .containsEntry(new Rgb(255, 0, 0), new Cmyk(0, 100, 100, 0));
        assertThat(spec.print().page().ink(Rgb.WHITE)).isEqualTo(new Cmyk(0, 0, 0, 0));
        // Records give them back as they were sent.
        DesignJson shown = CmykColours.restore(DesignJson.of(spec.design(), null), spec.print().cmykInks());
        assertThat(shown.foregroundColor()).isEqualTo("cmyk(100,72,0,18.5)");
        assertThat(shown.eyeBallColor()).isEqualTo("cmyk(0,100,100,0)");
        assertThat(shown.backgroundColor()).isEqualTo("#ffffff");
    }

    @Test
    void cmykColoursNameTheirField() {
        rejects(request("pdf", null, null, null, null, colours("cmyk(0,0,0,100)", null)), "design.foregroundColor")
                .hasMessageContaining("colorSpace cmyk");
        rejects(request("pdf", null, null, null, "cmyk", colours(null, "cmyk(0,0,0,101)")), "design.backgroundColor")
                .hasMessageContaining("0 to 100");
        rejects(request("pdf", null, null, null, "cmyk", colours("cmyk(0,0,0)", null)), "design.foregroundColor");
        DesignJson perEye = new DesignJson(null, null, null, null, null, null, null, null, null, null, null,
                new DesignJson.EyesJson(null, new DesignJson.EyeJson(null, null, "cmyk(1,2,3)", null), null),
                null, null, null, null);
        rejects(request("eps", null, null, null, "cmyk", perEye), "design.eyes.topRight.frameColor");
        // Rich black and plain black share an RGB equivalent, which would make their inks ambiguous.
        rejects(request("pdf", null, null, null, "cmyk", colours("cmyk(0,0,0,100)", null)
                .over(new DesignJson(null, null, null, null, null, null, null, null, null, "cmyk(60,40,40,100)", null,
                        null, null, null, null, null))), "design.eyeFrameColor").hasMessageContaining("#000000");
    }

    @Test
    void transparentJpegIsRefusedOnTheBackground() {
        rejects(request("jpeg", null, null, null, null, colours(null, "transparent")), "design.backgroundColor")
                .hasMessageContaining("alpha");
        assertThat(validate(request("webp", null, null, null, null, colours(null, "transparent"))).design()
                .transparent()).isTrue();
    }

    @Test
    void sizeIsANumberOnTheWire() throws Exception {
        QrRequest decimal = JSON.readValue("{\"data\":\"x\",\"format\":\"pdf\",\"size\":30.5,\"unit\":\"mm\"}",
                QrRequest.class);
        assertThat(validate(decimal).print().size()).isEqualTo(30.5);
        assertThatThrownBy(() -> JSON.readValue("{\"data\":\"x\",\"size\":\"30\"}", QrRequest.class))
                .satisfies(e -> assertThat(ErrorMapper.translate(e).field()).isEqualTo("size"));
    }

    @Test
    void aRestyleKeepsThePrintSize() {
        CodeSpec spec = validate(request("pdf", 30, "mm", null, "cmyk", colours("cmyk(0,0,0,100)", null)));
        QrRequest merged = Restyle.merge(spec, CmykColours.restore(DesignJson.of(spec.design(), null),
                spec.print().cmykInks()), JSON.createObjectNode().put("format", "eps"), RestyleTest.TEMPLATES);
        CodeSpec restyled = validate(merged);
        assertThat(restyled.format()).isEqualTo(ImageFormat.EPS);
        assertThat(restyled.print()).isEqualTo(new PrintSize(SizeUnit.MM, 30, null, ColorSpace.CMYK,
                spec.print().cmykInks()));
    }
}
