package dev.qrforge.qr;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.qrforge.api.WireNames;
import dev.qrforge.images.ImageKind;
import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.EyeBallStyle;
import dev.qrforge.render.EyeFrameStyle;
import dev.qrforge.render.Frame;
import dev.qrforge.render.FrameStyle;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.GradientType;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Body of {@code GET /api/v1/design-options}: every value and range generation accepts, taken from the code that
 * enforces them, so that design tools can build their pickers from it.
 */
public record DesignOptions(List<String> formats, Option size, Option margin, Option errorCorrection,
        Map<String, Option> design, Option unit, Option dpi, Option colorSpace) {

    /**
     * One field: the values it takes, or the form of its text, or its range; and its default.
     *
     * @param format      the form of a free-text value, e.g. {@code #rrggbb}
     * @param description what the default depends on, where it is not a plain value
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Option(List<String> values, String format, Number min, Number max,
            @JsonProperty("default") Object defaultValue, String description) {

        static Option oneOf(List<String> values, Object defaultValue) {
            return new Option(values, null, null, null, defaultValue, null);
        }

        static Option range(Number min, Number max, Object defaultValue) {
            return new Option(null, null, min, max, defaultValue, null);
        }

        static Option text(String format, Object defaultValue, String description) {
            return new Option(null, format, null, null, defaultValue, description);
        }
    }

    private static final String COLOUR = "#rrggbb";

    /** What this version of the service accepts. */
    public static DesignOptions current() {
        Map<String, Option> design = new LinkedHashMap<>();
        design.put("bodyStyle", Option.oneOf(WireNames.all(BodyStyle.class), WireNames.of(Design.DEFAULT.bodyStyle())));
        design.put("foregroundColor", Option.text(COLOUR, Design.DEFAULT.foreground().hex(), null));
        design.put("backgroundColor", Option.text(COLOUR + " or " + DesignJson.TRANSPARENT,
                Design.DEFAULT.background().hex(), "transparent: a PNG with alpha, an SVG without a background"));
        design.put("gradientType", Option.oneOf(WireNames.all(GradientType.class), null));
        design.put("gradientColor2", Option.text(COLOUR, null, "setting it makes the foreground a gradient"
                + " (linear unless gradientType says otherwise)"));
        design.put("gradientRotation", new Option(null, null, -QrRequestValidator.MAX_GRADIENT_ROTATION,
                QrRequestValidator.MAX_GRADIENT_ROTATION, Gradient.DIAGONAL, "degrees clockwise from left-to-right;"
                + " linear gradients only"));
        design.put("gradientOnEyes", new Option(null, "boolean", null, null, true, "whether eyes without"
                + " colours of their own take the gradient"));
        design.put("eyeFrameStyle",
                Option.oneOf(WireNames.all(EyeFrameStyle.class), WireNames.of(EyeFrameStyle.SQUARE)));
        design.put("eyeBallStyle",
                Option.oneOf(WireNames.all(EyeBallStyle.class), WireNames.of(EyeBallStyle.SQUARE)));
        design.put("eyeFrameColor", Option.text(COLOUR, null, "absent: painted like the body"));
        design.put("eyeBallColor", Option.text(COLOUR, null, "absent: painted like the body"));
        design.put("eyes", new Option(List.of("topLeft", "topRight", "bottomLeft"), "object", null, null, null,
                "per-eye overrides: {\"topLeft\": {\"frameStyle\", \"ballStyle\", \"frameColor\", \"ballColor\"}}"));
        design.put("logo", new Option(LogoReader.RULES.kinds().stream().sorted().map(ImageKind::mediaType).toList(),
                "base64, data URI or " + DesignJson.LOGO_REFERENCE + "<hex>", null, LogoReader.MAX_BYTES, null,
                "at most " + LogoReader.MAX_BYTES + " bytes and " + LogoReader.MAX_PIXELS + " pixels"));
        design.put("logoSize", new Option(null, null, QrRequestValidator.MIN_LOGO_SIZE,
                QrRequestValidator.MAX_LOGO_SIZE, QrRequestValidator.DEFAULT_LOGO_SIZE, "fraction of the symbol's"
                + " width"));
        design.put("logoMargin", new Option(null, null, 0, QrRequestValidator.MAX_LOGO_MARGIN,
                QrRequestValidator.DEFAULT_LOGO_MARGIN, "modules of light space around the logo"));
        design.put("logoClearModules", new Option(null, "boolean", null, null, true, "whether the modules under"
                + " the logo and its margin are left out"));
        design.put("frame.style", Option.oneOf(WireNames.all(FrameStyle.class), WireNames.of(FrameStyle.NONE)));
        design.put("frame.text", new Option(null, "text", 0, Frame.MAX_TEXT, Frame.DEFAULT_TEXT, "the caption, at most"
                + " " + Frame.MAX_TEXT + " characters the frame's font (DejaVu Sans Bold) draws; empty for none"));
        design.put("frame.textColor", Option.text(COLOUR, null, "absent: white or black on a filled frame,"
                + " whichever contrasts more; the frame's colour where the caption is on the background"));
        design.put("frame.frameColor", Option.text(COLOUR, null, "absent: the foreground colour"));
        return new DesignOptions(ImageFormat.wireNames(),
                Option.range(QrRequestValidator.MIN_SIZE, QrRequestValidator.MAX_SIZE, QrRequestValidator.DEFAULT_SIZE),
                Option.range(0, QrRequestValidator.MAX_MARGIN, QrRequestValidator.DEFAULT_MARGIN),
                new Option(Arrays.stream(ErrorCorrection.values()).map(Enum::name).toList(), null, null, null,
                        QrRequestValidator.DEFAULT_ERROR_CORRECTION.name(), "H when the design has a logo"),
                design,
                new Option(WireNames.all(SizeUnit.class), null, null, null, WireNames.of(SizeUnit.PX),
                        "mm and in: pdf, eps and svg from " + (int) QrRequestValidator.MIN_PRINT_MM + " to "
                        + (int) QrRequestValidator.MAX_PRINT_MM + " mm; png, jpeg and webp as many as come to the"
                        + " size range's pixels at the dpi"),
                new Option(null, null, QrRequestValidator.MIN_DPI, QrRequestValidator.MAX_DPI,
                        QrRequestValidator.DEFAULT_DPI, "only with unit mm or in"),
                new Option(WireNames.all(ColorSpace.class), null, null, null, WireNames.of(ColorSpace.RGB),
                        "cmyk: pdf and eps only; any colour may then be cmyk(c,m,y,k)"));
    }
}
