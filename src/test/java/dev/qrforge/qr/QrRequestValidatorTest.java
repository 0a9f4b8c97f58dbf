package dev.qrforge.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.WireNames;
import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Eye;
import dev.qrforge.render.EyeBallStyle;
import dev.qrforge.render.EyeFrameStyle;
import dev.qrforge.render.Eyes;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.Rgb;
import dev.qrforge.testing.Backgrounds;
import dev.qrforge.testing.Logos;
import java.util.Optional;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

class QrRequestValidatorTest {

    private static QrRequest data(String data) {
        return new QrRequest(data, null, null, null, null, null);
    }

    private static QrRequest designed(DesignJson design) {
        return new QrRequest("x", null, null, null, null, design);
    }

    private static CodeSpec validate(QrRequest request) {
        return QrRequestValidator.validate(request, ImageFormat.SVG, LogoReader.inlineOnly());
    }

    private static DesignJson design(String bodyStyle, String eyeFrameStyle, String eyeBallStyle) {
        return new DesignJson(bodyStyle, null, null, null, null, null, null, eyeFrameStyle, eyeBallStyle, null, null,
                null, null, null, null, null);
    }

    private static DesignJson logo(String logo, Double size, Double margin, Boolean clear) {
        return new DesignJson(null, null, null, null, null, null, null, null, null, null, null, null, logo, size,
                margin, clear);
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> rejects(QrRequest request, String field) {
        return assertThatThrownBy(() -> validate(request))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo(field));
    }

    @Test
    void defaultsFillEverythingButData() {
        assertThat(validate(data("hello")))
                .isEqualTo(new CodeSpec("hello", ImageFormat.SVG, 300, 4, ErrorCorrection.M, Design.DEFAULT));
    }

    @Test
    void impliedFormatAppliesOnlyWhenNoneIsNamed() {
        assertThat(QrRequestValidator.validate(data("x"), ImageFormat.PNG, LogoReader.inlineOnly()).format())
                .isEqualTo(ImageFormat.PNG);
        assertThat(QrRequestValidator.validate(new QrRequest("x", "svg", null, null, null, null), ImageFormat.PNG,
                LogoReader.inlineOnly()).format()).isEqualTo(ImageFormat.SVG);
    }

    @Test
    void sizeBoundsAreInclusive() {
        assertThat(validate(new QrRequest("x", null, 100, null, null, null)).size()).isEqualTo(100);
        assertThat(validate(new QrRequest("x", null, 5000, null, null, null)).size()).isEqualTo(5000);
        rejects(new QrRequest("x", null, 99, null, null, null), "size")
                .hasMessage("size must be between 100 and 5000");
        rejects(new QrRequest("x", null, 5001, null, null, null), "size")
                .hasMessage("size must be between 100 and 5000");
    }

    @Test
    void dataIsRequiredAndNotEmpty() {
        assertThatThrownBy(() -> validate(null))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_JSON));
        rejects(data(null), "data").hasMessageContaining("required");
        rejects(data(""), "data").hasMessageContaining("empty");
    }

    @Test
    void designIsParsedWithGradient() {
        Design design = QrRequestValidator.design(
                new DesignJson("rounded-pointed", "#112233", "#FFFFFF", "radial", "#445566"));
        assertThat(design.bodyStyle()).isEqualTo(BodyStyle.ROUNDED_POINTED);
        assertThat(design.foreground()).isEqualTo(new Rgb(0x11, 0x22, 0x33));
        assertThat(design.background()).isEqualTo(Rgb.WHITE);
        assertThat(design.gradient()).isEqualTo(new Gradient(GradientType.RADIAL, new Rgb(0x44, 0x55, 0x66),
                Gradient.DIAGONAL, true));
        assertThat(design.eyes()).isEqualTo(Eyes.PLAIN);
    }

    @Test
    void everyStyleHasItsWireName() {
        for (BodyStyle style : BodyStyle.values()) {
            assertThat(QrRequestValidator.design(design(WireNames.of(style), null, null)).bodyStyle())
                    .isEqualTo(style);
        }
        for (EyeFrameStyle frame : EyeFrameStyle.values()) {
            for (EyeBallStyle ball : EyeBallStyle.values()) {
                assertThat(QrRequestValidator.design(design(null, WireNames.of(frame), WireNames.of(ball))).eyes())
                        .isEqualTo(Eyes.same(new Eye(frame, ball, null, null)));
            }
        }
        assertThat(BodyStyle.values()).hasSizeGreaterThanOrEqualTo(12);
        assertThat(EyeFrameStyle.values()).hasSizeGreaterThanOrEqualTo(6);
        assertThat(EyeBallStyle.values()).hasSizeGreaterThanOrEqualTo(6);
    }

    @Test
    void perEyeFieldsOverrideTheSharedOnes() {
        DesignJson json = new DesignJson("dots", "#102030", null, null, null, null, null, "circle", "circle",
                "#aa0000", null, new DesignJson.EyesJson(null,
                        new DesignJson.EyeJson("leaf", null, null, "#0000aa"),
                        new DesignJson.EyeJson(null, "star", "#00aa00", null)), null, null, null, null);
        Eyes eyes = QrRequestValidator.design(json).eyes();
        Rgb red = Rgb.parseHex("#aa0000").orElseThrow();
        assertThat(eyes.topLeft()).isEqualTo(new Eye(EyeFrameStyle.CIRCLE, EyeBallStyle.CIRCLE, red, null));
        assertThat(eyes.topRight()).isEqualTo(new Eye(EyeFrameStyle.LEAF, EyeBallStyle.CIRCLE, red,
                Rgb.parseHex("#0000aa").orElseThrow()));
        assertThat(eyes.bottomLeft()).isEqualTo(new Eye(EyeFrameStyle.CIRCLE, EyeBallStyle.STAR,
                Rgb.parseHex("#00aa00").orElseThrow(), null));
    }

    @Test
    void gradientsTakeAnAngleAndMayLeaveTheEyesOut() {
        DesignJson json = new DesignJson(null, "#000000", null, "linear", "#0000ff", 90.0, false, null, null, null,
                null, null, null, null, null, null);
        assertThat(QrRequestValidator.design(json).gradient())
                .isEqualTo(new Gradient(GradientType.LINEAR, new Rgb(0, 0, 255), 90, false));
        rejects(designed(new DesignJson(null, null, null, "linear", "#0000ff", 361.0, null, null, null, null, null,
                null, null, null, null, null)), "design.gradientRotation")
                .hasMessage("design.gradientRotation must be between -360 and 360, got 361");
        // Without a gradient, its angle means nothing: accepted (a restyle may drop the gradient alone) and unused.
        assertThat(QrRequestValidator.design(new DesignJson(null, null, null, null, null, 30.0, true, null, null,
                null, null, null, null, null, null, null)).gradient()).isNull();
    }

    @Test
    void aTransparentBackgroundHasNoColour() {
        Design design = QrRequestValidator.design(new DesignJson(null, null, "transparent", null, null));
        assertThat(design.transparent()).isTrue();
        assertThat(DesignJson.of(design, null).backgroundColor()).isEqualTo("transparent");
        rejects(designed(new DesignJson(null, null, "none", null, null)), "design.backgroundColor")
                .hasMessageContaining("#rrggbb or 'transparent'");
    }

    @Test
    void secondGradientColourAloneImpliesLinear() {
        assertThat(QrRequestValidator.design(new DesignJson(null, null, null, null, "#445566")).gradient().type())
                .isEqualTo(GradientType.LINEAR);
    }

    @Test
    void badDesignValuesNameTheNestedFieldAndListTheAllowedOnes() {
        rejects(designed(new DesignJson("squiggle", null, null, null, null)), "design.bodyStyle")
                .hasMessageContaining("square, rounded, extra-rounded, blobs, rounded-pointed, classy,"
                        + " classy-rounded, dots, diamond, star, horizontal-bars, vertical-bars, mosaic");
        rejects(designed(new DesignJson(null, "#12345", null, null, null)), "design.foregroundColor")
                .hasMessageContaining("#rrggbb");
        rejects(designed(new DesignJson(null, null, "white", null, null)), "design.backgroundColor");
        rejects(designed(new DesignJson(null, null, null, "linear", null)), "design.gradientColor2");
        rejects(designed(new DesignJson(null, null, null, "spiral", "#000000")), "design.gradientType")
                .hasMessageContaining("linear");
        rejects(designed(design(null, "heart", null)), "design.eyeFrameStyle")
                .hasMessageContaining("square, rounded, extra-rounded, circle, leaf, cut, dots");
        rejects(designed(design(null, null, "heart")), "design.eyeBallStyle")
                .hasMessageContaining("square, rounded, circle, leaf, diamond, star, dots");
        rejects(designed(new DesignJson(null, null, null, null, null, null, null, null, null, "red", null, null,
                null, null, null, null)), "design.eyeFrameColor");
        rejects(designed(new DesignJson(null, null, null, null, null, null, null, null, null, null, null,
                new DesignJson.EyesJson(null, null, new DesignJson.EyeJson(null, "heart", null, null)), null, null,
                null, null)), "design.eyes.bottomLeft.ballStyle");
    }

    @Test
    void otherEnumeratedFieldsListTheirValues() {
        rejects(new QrRequest("x", "gif", null, null, null, null), "format")
                .hasMessageContaining("svg, png, pdf, eps, jpeg, webp");
        rejects(new QrRequest("x", null, null, null, "Z", null), "errorCorrection").hasMessageContaining("L, M, Q, H");
        rejects(new QrRequest("x", null, null, -1, null, null), "margin");
    }

    @Test
    void aLogoRaisesTheDefaultErrorCorrectionToH() {
        CodeSpec spec = validate(designed(logo(Logos.pngDataUri(64), null, null, null)));
        assertThat(spec.errorCorrection()).isEqualTo(ErrorCorrection.H);
        assertThat(spec.logo().size()).isEqualTo(0.2);
        assertThat(spec.logo().margin()).isEqualTo(1);
        assertThat(spec.logo().clearModules()).isTrue();
        // An explicit level stands.
        assertThat(validate(new QrRequest("x", null, null, null, "Q", logo(Logos.pngDataUri(64), null, null, null)))
                .errorCorrection()).isEqualTo(ErrorCorrection.Q);
    }

    @Test
    void logosMayBePngJpegOrSvg() {
        for (String logo : new String[] {Logos.pngDataUri(64), Logos.jpegDataUri(64),
                Logos.svgDataUri(Logos.SVG), Backgrounds.base64(Backgrounds.file(Logos.mark(64), "png"))}) {
            assertThat(validate(designed(logo(logo, 0.3, 0.0, false))).logo()).isNotNull();
        }
    }

    @Test
    void logoPlacementIsChecked() {
        String png = Logos.pngDataUri(64);
        rejects(designed(logo(png, 0.31, null, null)), "design.logoSize")
                .hasMessage("design.logoSize must be between 0.05 and 0.3, got 0.31");
        rejects(designed(logo(png, 0.04, null, null)), "design.logoSize");
        rejects(designed(logo(png, null, 5.5, null)), "design.logoMargin");
    }

    @Test
    void whatIsNotAnImageIsRefusedOnTheLogoField() {
        rejects(designed(logo("data:text/html;base64,PGgxPmhpPC9oMT4=", null, null, null)), "design.logo")
                .hasMessageContaining("image/png, image/jpeg, image/svg+xml");
        rejects(designed(logo(Backgrounds.base64("just text".getBytes()), null, null, null)), "design.logo")
                .hasMessageContaining("not an image");
        rejects(designed(logo(Backgrounds.base64(Backgrounds.file(Backgrounds.sky(), "gif")), null, null, null)),
                "design.logo");
        rejects(designed(logo("A".repeat(1_400_000), null, null, null)), "design.logo")
                .hasMessage("design.logo is larger than 1 MB");
        rejects(designed(logo(Backgrounds.base64(Backgrounds.pngClaiming(3000, 3000)), null, null, null)),
                "design.logo").hasMessageContaining("at most 4 megapixels");
    }

    @Test
    void logosSentBeforeAreNamedByReference() {
        byte[] png = Backgrounds.file(Logos.mark(64), "png");
        String sha256 = validate(designed(logo(Backgrounds.base64(png), null, null, null))).logo().file().sha256();
        LogoReader kept = new LogoReader(hex -> hex.equals(sha256) ? Optional.of(png) : Optional.empty());
        CodeSpec spec = QrRequestValidator.validate(designed(logo("sha256:" + sha256.toUpperCase(), null, null,
                null)), ImageFormat.SVG, kept);
        assertThat(spec.logo().file().sha256()).isEqualTo(sha256);
        assertThat(spec.logo().reference()).isEqualTo("sha256:" + sha256);
        rejects(designed(logo("sha256:" + sha256, null, null, null)), "design.logo")
                .hasMessageContaining("which this workspace has not sent");
        rejects(designed(logo("sha256:abc", null, null, null)), "design.logo")
                .hasMessageContaining("64 hex digits");
    }

    @Test
    void aReaderReadsEachLogoOnce() {
        LogoReader reader = LogoReader.inlineOnly();
        String png = Logos.pngDataUri(64);
        assertThat(reader.read(png, "design.logo")).isSameAs(reader.read(png, "design.logo"));
    }

    @Test
    void theRecordedDesignReadsBackAsTheSameDesign() throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper json = dev.qrforge.api.JsonConfig.build();
        Rgb teal = Rgb.parseHex("#004d40").orElseThrow();
        for (BodyStyle style : BodyStyle.values()) {
            Eyes eyes = new Eyes(new Eye(EyeFrameStyle.ROUNDED, EyeBallStyle.STAR, teal, null),
                    new Eye(EyeFrameStyle.CUT, EyeBallStyle.CIRCLE, null, Rgb.BLACK), Eye.PLAIN);
            for (Design design : new Design[] {
                new Design(style, Rgb.BLACK, Rgb.WHITE, null),
                new Design(style, teal, null, new Gradient(GradientType.LINEAR, Rgb.BLACK, -30, false), eyes)}) {
                String recorded = json.writeValueAsString(DesignJson.of(design, null));
                assertThat(QrRequestValidator.design(json.readValue(recorded, DesignJson.class))).as(recorded)
                        .isEqualTo(design);
            }
        }
        // Alike eyes are recorded flat.
        assertThat(DesignJson.of(Design.DEFAULT, null).eyes()).isNull();
    }

    @Test
    void designOptionsListEveryValueTheValidatorAccepts() {
        DesignOptions options = DesignOptions.current();
        assertThat(options.design().get("bodyStyle").values()).hasSize(BodyStyle.values().length)
                .allSatisfy(value -> assertThat(QrRequestValidator.design(design(value, null, null))).isNotNull());
        assertThat(options.design().get("eyeFrameStyle").values()).hasSize(EyeFrameStyle.values().length);
        assertThat(options.design().get("eyeBallStyle").values()).hasSize(EyeBallStyle.values().length);
        assertThat(options.design().get("logoSize").max()).isEqualTo(QrRequestValidator.MAX_LOGO_SIZE);
        assertThat(options.formats()).containsExactly("svg", "png", "pdf", "eps", "jpeg", "webp");
        assertThat(options.unit().values()).containsExactly("px", "mm", "in");
        assertThat(options.dpi().max()).isEqualTo(QrRequestValidator.MAX_DPI);
        assertThat(options.colorSpace().values()).containsExactly("rgb", "cmyk");
    }

    private static final java.time.Clock CLOCK = java.time.Clock.fixed(java.time.Instant.parse("2026-11-25T10:00:00Z"),
            java.time.ZoneOffset.UTC);

    private static CodeSpec validateJson(String json) {
        try {
            return QrRequestValidator.validate(dev.qrforge.api.JsonConfig.build().readValue(json, QrRequest.class),
                    ImageFormat.SVG, LogoReader.inlineOnly(), CLOCK);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw dev.qrforge.api.ErrorMapper.translate(e);
        }
    }

    @Test
    void contentIsEncodedIntoTheDataAndKeptNormalised() {
        CodeSpec spec = validateJson("{\"content\": {\"type\": \"wifi\", \"ssid\": \"net\", \"password\":"
                + " \"12345678\"}}");

        assertThat(spec.data()).isEqualTo("WIFI:T:WPA;S:net;P:12345678;;");
        assertThat(spec.content()).isEqualTo(new dev.qrforge.content.WifiContent("net", "12345678", "wpa2", false));
        assertThat(spec.errorCorrection()).isEqualTo(DEFAULT_LEVEL);
    }

    private static final ErrorCorrection DEFAULT_LEVEL = QrRequestValidator.DEFAULT_ERROR_CORRECTION;

    @Test
    void exactlyOneOfDataAndContent() {
        assertThatThrownBy(() -> validateJson("{\"data\": \"x\", \"content\": {\"type\": \"text\", \"text\":"
                + " \"y\"}}")).isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.field()).isEqualTo("content");
                    assertThat(e.getMessage()).contains("exactly one of data and content");
                });
        assertThatThrownBy(() -> validateJson("{\"size\": 300}")).isInstanceOfSatisfying(ApiException.class, e -> {
            assertThat(e.field()).isEqualTo("data");
            assertThat(e.getMessage()).contains("exactly one of data and content");
        });
    }

    @Test
    void contentErrorsNameTheirPathInTheRequest() {
        assertThatThrownBy(() -> validateJson("{\"content\": {\"type\": \"epc\", \"name\": \"N\", \"iban\":"
                + " \"DE88370400440532013000\"}}")).isInstanceOfSatisfying(ApiException.class,
                        e -> assertThat(e.field()).isEqualTo("content.iban"));
        assertThatThrownBy(() -> validateJson("{\"content\": {\"type\": \"sepa\"}}"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("content.type"));
        assertThatThrownBy(() -> validateJson("{\"content\": {\"ssid\": \"x\"}}"))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("content.type"));
        assertThatThrownBy(() -> validateJson("{\"content\": {\"type\": \"geo\", \"latitude\": \"1\"}}"))
                .isInstanceOfSatisfying(ApiException.class,
                        e -> assertThat(e.field()).isEqualTo("content.latitude"));
    }

    @Test
    void anEpcCodeDefaultsToLevelMEvenWithALogo() {
        String epc = "\"content\": {\"type\": \"epc\", \"name\": \"N\", \"iban\": \"DE89370400440532013000\"}";
        assertThat(validateJson("{" + epc + "}").errorCorrection()).isEqualTo(ErrorCorrection.M);
        assertThat(validateJson("{" + epc + ", \"design\": {\"logo\": \"" + Logos.pngDataUri(64) + "\"}}")
                .errorCorrection()).isEqualTo(ErrorCorrection.M);
        assertThat(validateJson("{" + epc + ", \"errorCorrection\": \"Q\"}").errorCorrection())
                .isEqualTo(ErrorCorrection.Q);
    }
}
