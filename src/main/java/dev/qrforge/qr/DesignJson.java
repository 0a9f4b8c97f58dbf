package dev.qrforge.qr;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.qrforge.api.WireNames;
import dev.qrforge.render.Design;
import dev.qrforge.render.Eye;
import dev.qrforge.render.Eyes;
import dev.qrforge.render.Frame;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.Rgb;
import java.util.Objects;
import java.util.function.Function;

/**
 * The {@code design} object as it travels in JSON: in requests every field is optional; in records it holds the
 * effective values, defaults filled in, and a logo by its {@link #LOGO_REFERENCE reference} rather than its bytes.
 * The top-level eye fields apply to all three finder patterns; {@code eyes} overrides them one by one.
 * {@code frame} is the frame with a call to action around the code.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DesignJson(String bodyStyle, String foregroundColor, String backgroundColor, String gradientType,
        String gradientColor2, Double gradientRotation, Boolean gradientOnEyes, String eyeFrameStyle,
        String eyeBallStyle, String eyeFrameColor, String eyeBallColor, EyesJson eyes, String logo, Double logoSize,
        Double logoMargin, Boolean logoClearModules, FrameJson frame) {

    /** How a stored logo is named instead of sent again: {@code sha256:} and the file's SHA-256 in hex. */
    public static final String LOGO_REFERENCE = "sha256:";

    /** {@code backgroundColor} for none: the PNG keeps an alpha channel, the SVG has no background. */
    public static final String TRANSPARENT = "transparent";

    /** One finder pattern's overrides; absent fields take the top-level eye fields. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EyeJson(String frameStyle, String ballStyle, String frameColor, String ballColor) {

        static EyeJson of(Eye eye) {
            return new EyeJson(WireNames.of(eye.frameStyle()), WireNames.of(eye.ballStyle()), hex(eye.frameColor()),
                    hex(eye.ballColor()));
        }
    }

    /** Per-eye overrides, by position. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EyesJson(EyeJson topLeft, EyeJson topRight, EyeJson bottomLeft) {
    }

    /**
     * The frame around the code; absent fields take their defaults (see {@link QrRequestValidator}), and in records
     * the colours are shown only when they were chosen rather than following the design.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FrameJson(String style, String text, String textColor, String frameColor) {

        static FrameJson of(Frame frame) {
            return frame.present() ? new FrameJson(WireNames.of(frame.style()), frame.text(),
                    hex(frame.textColor()), hex(frame.frameColor())) : null;
        }

        /** Each field of this frame, or where absent the one of {@code defaults}. */
        FrameJson over(FrameJson defaults) {
            return defaults == null ? this : new FrameJson(first(style, defaults.style), first(text, defaults.text),
                    first(textColor, defaults.textColor), first(frameColor, defaults.frameColor));
        }
    }

    /** Without a frame: the fields before frames existed. */
    public DesignJson(String bodyStyle, String foregroundColor, String backgroundColor, String gradientType,
            String gradientColor2, Double gradientRotation, Boolean gradientOnEyes, String eyeFrameStyle,
            String eyeBallStyle, String eyeFrameColor, String eyeBallColor, EyesJson eyes, String logo,
            Double logoSize, Double logoMargin, Boolean logoClearModules) {
        this(bodyStyle, foregroundColor, backgroundColor, gradientType, gradientColor2, gradientRotation,
                gradientOnEyes, eyeFrameStyle, eyeBallStyle, eyeFrameColor, eyeBallColor, eyes, logo, logoSize,
                logoMargin, logoClearModules, null);
    }

    /** Body and colours only, as bulk CSV columns and the first version of the API have them. */
    public DesignJson(String bodyStyle, String foregroundColor, String backgroundColor, String gradientType,
            String gradientColor2) {
        this(bodyStyle, foregroundColor, backgroundColor, gradientType, gradientColor2, null, null, null, null, null,
                null, null, null, null, null, null);
    }

    /**
     * The effective design, as records show and keep it: per-eye entries only when the eyes differ, so the common
     * case reads as flat as it was asked for.
     */
    public static DesignJson of(Design design, LogoSpec logo) {
        Gradient gradient = design.gradient();
        Eye eye = design.eyes().topLeft();
        Eyes eyes = design.eyes();
        EyesJson perEye = eyes.equals(Eyes.same(eye)) ? null
                : new EyesJson(EyeJson.of(eyes.topLeft()), EyeJson.of(eyes.topRight()), EyeJson.of(eyes.bottomLeft()));
        return new DesignJson(WireNames.of(design.bodyStyle()), design.foreground().hex(),
                design.transparent() ? TRANSPARENT : design.background().hex(),
                gradient == null ? null : WireNames.of(gradient.type()),
                gradient == null ? null : gradient.color2().hex(),
                gradient == null ? null : gradient.rotation(),
                gradient == null ? null : gradient.onEyes(),
                // Flat: what all three eyes share, so that nothing an eye lacks falls back to another eye's value.
                name(shared(eyes, Eye::frameStyle)), name(shared(eyes, Eye::ballStyle)),
                hex(shared(eyes, Eye::frameColor)), hex(shared(eyes, Eye::ballColor)), perEye,
                logo == null ? null : logo.reference(),
                logo == null ? null : logo.size(),
                logo == null ? null : logo.margin(),
                logo == null ? null : logo.clearModules(),
                FrameJson.of(design.frame()));
    }

    /** The value of {@code field} the three eyes share, or null when they differ. */
    private static <T> T shared(Eyes eyes, Function<Eye, T> field) {
        T value = field.apply(eyes.topLeft());
        return Objects.equals(value, field.apply(eyes.topRight()))
                && Objects.equals(value, field.apply(eyes.bottomLeft())) ? value : null;
    }

    /** The same design with another logo value (an inline file swapped for its reference, or none). */
    public DesignJson withLogo(String otherLogo) {
        return new DesignJson(bodyStyle, foregroundColor, backgroundColor, gradientType, gradientColor2,
                gradientRotation, gradientOnEyes, eyeFrameStyle, eyeBallStyle, eyeFrameColor, eyeBallColor, eyes,
                otherLogo, logoSize, logoMargin, logoClearModules, frame);
    }

    /** This design without a background colour or a frame: as a code placed over an image takes it. */
    public DesignJson withoutBackdrop() {
        return new DesignJson(bodyStyle, foregroundColor, null, gradientType, gradientColor2, gradientRotation,
                gradientOnEyes, eyeFrameStyle, eyeBallStyle, eyeFrameColor, eyeBallColor, eyes, logo, logoSize,
                logoMargin, logoClearModules, null);
    }

    /** Each field of this design, or where absent the one of {@code defaults} (per-eye overrides as a whole). */
    public DesignJson over(DesignJson defaults) {
        if (defaults == null) {
            return this;
        }
        return new DesignJson(first(bodyStyle, defaults.bodyStyle), first(foregroundColor, defaults.foregroundColor),
                first(backgroundColor, defaults.backgroundColor), first(gradientType, defaults.gradientType),
                first(gradientColor2, defaults.gradientColor2), first(gradientRotation, defaults.gradientRotation),
                first(gradientOnEyes, defaults.gradientOnEyes), first(eyeFrameStyle, defaults.eyeFrameStyle),
                first(eyeBallStyle, defaults.eyeBallStyle), first(eyeFrameColor, defaults.eyeFrameColor),
                first(eyeBallColor, defaults.eyeBallColor), first(eyes, defaults.eyes), first(logo, defaults.logo),
                first(logoSize, defaults.logoSize), first(logoMargin, defaults.logoMargin),
                first(logoClearModules, defaults.logoClearModules),
                frame == null ? defaults.frame : frame.over(defaults.frame));
    }

    private static <T> T first(T value, T fallback) {
        return value != null ? value : fallback;
    }

    private static String name(Enum<?> value) {
        return value == null ? null : WireNames.of(value);
    }

    private static String hex(Rgb colour) {
        return colour == null ? null : colour.hex();
    }
}
