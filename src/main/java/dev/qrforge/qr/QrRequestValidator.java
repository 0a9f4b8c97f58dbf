package dev.qrforge.qr;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.WireNames;
import dev.qrforge.content.Content;
import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Cmyk;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Eye;
import dev.qrforge.render.EyeBallStyle;
import dev.qrforge.render.EyeFrameStyle;
import dev.qrforge.render.Eyes;
import dev.qrforge.render.Frame;
import dev.qrforge.render.FrameStyle;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.Rgb;
import java.math.BigInteger;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Turns a generation request into a {@link CodeSpec}, filling defaults and naming the first offending field.
 * Whether the data fits a QR symbol is the encoder's call (it depends on the data's mode), see
 * {@link QrCodes#create}.
 */
public final class QrRequestValidator {

    public static final int MIN_SIZE = 100;
    public static final int MAX_SIZE = 5000;
    public static final int DEFAULT_SIZE = 300;
    /** The quiet zone ISO/IEC 18004 asks for. */
    public static final int DEFAULT_MARGIN = 4;
    public static final int MAX_MARGIN = 20;
    /** Without a logo; with one the default is H (see {@link #defaultErrorCorrection}). */
    public static final ErrorCorrection DEFAULT_ERROR_CORRECTION = ErrorCorrection.M;
    /** A full turn either way: enough to say any direction in either sense. */
    public static final double MAX_GRADIENT_ROTATION = 360;
    /** Logo edge as a fraction of the symbol's: below 5 % it is a speck, above 30 % no error correction copes. */
    public static final double MIN_LOGO_SIZE = 0.05;
    public static final double DEFAULT_LOGO_SIZE = 0.2;
    public static final double MAX_LOGO_SIZE = 0.3;
    /** Light space around the logo, in modules: one sets it off from the modules, five is already a wide frame. */
    public static final double DEFAULT_LOGO_MARGIN = 1;
    public static final double MAX_LOGO_MARGIN = 5;
    /** Pixels per inch of a raster file sized in mm or in: screen previews start at 72, print at 300, 1200 is plenty. */
    public static final int MIN_DPI = 72;
    public static final int DEFAULT_DPI = 300;
    public static final int MAX_DPI = 1200;
    /**
     * PDF and EPS edges in mm: from 10 mm (a small label, where even a version 1 code's modules are down to a third
     * of a millimetre) to 2 m (a poster).
     */
    public static final double MIN_PRINT_MM = 10;
    public static final double MAX_PRINT_MM = 2000;

    private QrRequestValidator() {
    }

    /**
     * Validates a request that carries free data only (a restyle, a composite, a dynamic code's short link): a
     * typed content needs {@link #validate(QrRequest, ImageFormat, LogoReader, Clock) the clock} some formats stamp.
     */
    public static CodeSpec validate(QrRequest request, ImageFormat impliedFormat, LogoReader logos) {
        if (request != null && request.content() != null) {
            throw new IllegalArgumentException("a request with content is validated with a clock");
        }
        return validate(request, impliedFormat, logos, null);
    }

    /**
     * @param impliedFormat the format to use when the request names none (the image type the client asked
     *                      for in {@code Accept}, else SVG)
     * @param logos         reads the logo the design names, if any
     * @param clock         stamps what a typed content's format wants stamped (an event's DTSTAMP)
     */
    public static CodeSpec validate(QrRequest request, ImageFormat impliedFormat, LogoReader logos, Clock clock) {
        if (request == null) {
            // An empty body or a bare JSON null: nothing was sent that could be called a field.
            throw new ApiException(ErrorCode.INVALID_JSON, null,
                    "the request body must be a JSON object, e.g. {\"data\": \"https://example.com\"}");
        }
        if (request.template() != null) {
            throw new IllegalStateException("a template is applied before validation, by TemplateReader.resolve");
        }
        Content.Encoded content = content(request, clock);
        String data = content == null ? data(request.data()) : content.data();
        ImageFormat format = request.format() == null ? impliedFormat
                : oneOf("format", request.format(), ImageFormat::fromWire, ImageFormat.wireNames());
        ColorSpace colorSpace = request.colorSpace() == null ? ColorSpace.RGB
                : oneOf("colorSpace", request.colorSpace(), ColorSpace.class);
        if (colorSpace == ColorSpace.CMYK && !format.cmyk()) {
            throw ApiException.invalid("colorSpace", "colorSpace cmyk needs format pdf or eps, got format "
                    + format.wireName());
        }
        int margin = inRange("margin", request.margin(), DEFAULT_MARGIN, 0, MAX_MARGIN);
        CmykColours.Split colours = CmykColours.split(request.design(), colorSpace);
        Design design = design(colours.design());
        if (format == ImageFormat.JPEG && design.transparent()) {
            throw ApiException.invalid("design.backgroundColor", "design.backgroundColor cannot be transparent with"
                    + " format jpeg, which has no alpha channel; choose a colour, or format png or webp");
        }
        LogoSpec logo = logo(colours.design(), logos);
        ErrorCorrection errorCorrection = request.errorCorrection() == null
                ? content == null ? defaultErrorCorrection(logo) : content.content().mandatedErrorCorrection()
                        .map(ErrorCorrection::valueOf).orElseGet(() -> defaultErrorCorrection(logo))
                : oneOf("errorCorrection", request.errorCorrection(), QrRequestValidator::errorCorrection,
                        Arrays.stream(ErrorCorrection.values()).map(Enum::name).toList());
        PrintSize print = printSize(request, format, colorSpace, colours.cmykInks());
        return new CodeSpec(data, format, pixels(print, format), margin, errorCorrection, design, logo, null,
                content == null ? null : content.content(), print);
    }

    /**
     * Checks a design template's design as a request's would be, in any colour space (a CMYK colour then needs a
     * request in CMYK), and returns its logo, if any.
     */
    static LogoSpec templateDesign(DesignJson design, LogoReader logos) {
        DesignJson rgb = CmykColours.split(design, ColorSpace.CMYK).design();
        design(rgb);
        return logo(rgb, logos);
    }

    /** The typed content, checked and encoded, if the request has one instead of data (never both). */
    private static Content.Encoded content(QrRequest request, Clock clock) {
        if (request.content() == null) {
            return null;
        }
        if (request.data() != null) {
            throw ApiException.invalid(Content.FIELD, "send exactly one of data and content, not both");
        }
        return Content.encode(request.content(), clock);
    }

    /**
     * The size as asked for. In pixels, a whole number from {@link #MIN_SIZE} to {@link #MAX_SIZE}, with no DPI (the
     * pixels already say it all). In millimetres or inches, PDF and EPS take any size from
     * {@link #MIN_PRINT_MM} to {@link #MAX_PRINT_MM} (the DPI, which they do not use, is still checked); raster
     * formats need the size at the DPI to come to {@link #MIN_SIZE}–{@link #MAX_SIZE} pixels.
     */
    private static PrintSize printSize(QrRequest request, ImageFormat format, ColorSpace colorSpace,
            Map<Rgb, Cmyk> inks) {
        SizeUnit unit = request.unit() == null ? SizeUnit.PX : oneOf("unit", request.unit(), SizeUnit.class);
        if (!unit.physical()) {
            if (request.dpi() != null) {
                throw ApiException.invalid("dpi", "dpi applies to sizes in mm or in; with unit px the size is the"
                        + " pixels already");
            }
            int size = inRange("size", wholePixels(request.size()), DEFAULT_SIZE, MIN_SIZE, MAX_SIZE);
            return new PrintSize(unit, size, null, colorSpace, inks);
        }
        if (request.size() == null) {
            throw ApiException.invalid("size", "size is required with unit " + WireNames.of(unit));
        }
        int dpi = inRange("dpi", request.dpi(), DEFAULT_DPI, MIN_DPI, MAX_DPI);
        double size = request.size().doubleValue();
        double inches = unit.inches(size);
        if (format.vector()) {
            double mm = SizeUnit.MM.of(inches);
            if (!(mm >= MIN_PRINT_MM && mm <= MAX_PRINT_MM)) {
                throw ApiException.invalid("size", String.format(Locale.ROOT, "size must be from %s to %s mm (%.2f"
                        + " to %.2f in) for format %s, got %s %s", number(MIN_PRINT_MM), number(MAX_PRINT_MM),
                        SizeUnit.MM.inches(MIN_PRINT_MM), SizeUnit.MM.inches(MAX_PRINT_MM), format.wireName(),
                        number(size), WireNames.of(unit)));
            }
            return new PrintSize(unit, size, null, colorSpace, inks);
        }
        long pixels = Math.round(inches * dpi);
        if (!(size > 0) || pixels < MIN_SIZE || pixels > MAX_SIZE) {
            throw ApiException.invalid("size", "size " + number(size) + " " + WireNames.of(unit) + " at " + dpi
                    + " dpi comes to " + pixels + " pixels, but must come to " + MIN_SIZE + " to " + MAX_SIZE);
        }
        return new PrintSize(unit, size, dpi, colorSpace, inks);
    }

    /** A size in pixels: a JSON integer ({@code 300.0} and {@code 300.5} are not). */
    private static Integer wholePixels(Number size) {
        if (size == null || size instanceof Integer) {
            return (Integer) size;
        }
        if (size instanceof Long || size instanceof BigInteger) {
            // Beyond any int, so beyond the range, which the range check then says.
            return size.doubleValue() > 0 ? Integer.MAX_VALUE : Integer.MIN_VALUE;
        }
        throw ApiException.invalid("size", "size must be a whole number of pixels with unit px, got " + size);
    }

    /** The pixels a code of {@code print}'s size is drawn at: a PDF's or EPS's in CSS pixels, rounded. */
    private static int pixels(PrintSize print, ImageFormat format) {
        if (!print.unit().physical()) {
            return (int) print.size();
        }
        double dpi = format.vector() ? PrintSize.CSS_PIXELS_PER_INCH : print.dpi();
        return (int) Math.max(1, Math.round(print.inches() * dpi));
    }

    /** A logo hides modules, which only the highest level reliably recovers. */
    static ErrorCorrection defaultErrorCorrection(LogoSpec logo) {
        return logo == null ? DEFAULT_ERROR_CORRECTION : ErrorCorrection.H;
    }

    private static String data(String data) {
        if (data == null) {
            throw ApiException.invalid("data", "data is required: send exactly one of data and content");
        }
        if (data.isEmpty()) {
            throw ApiException.invalid("data", "data must not be empty");
        }
        return data;
    }

    /** Returns {@code value}, or {@code defaultValue} if absent; outside [min, max] it is an error on {@code field}. */
    public static int inRange(String field, Integer value, int defaultValue, int min, int max) {
        if (value == null) {
            return defaultValue;
        }
        if (value < min || value > max) {
            throw ApiException.invalid(field, field + " must be between " + min + " and " + max);
        }
        return value;
    }

    static Design design(DesignJson design) {
        if (design == null) {
            return Design.DEFAULT;
        }
        BodyStyle style = design.bodyStyle() == null ? Design.DEFAULT.bodyStyle()
                : oneOf("design.bodyStyle", design.bodyStyle(), BodyStyle.class);
        Rgb foreground = color("design.foregroundColor", design.foregroundColor(), Design.DEFAULT.foreground());
        Rgb background = DesignJson.TRANSPARENT.equals(design.backgroundColor()) ? null
                : colorOr("design.backgroundColor", design.backgroundColor(), Design.DEFAULT.background(),
                        DesignJson.TRANSPARENT);
        Eye shared = eye("design.eye", design.eyeFrameStyle(), design.eyeBallStyle(), design.eyeFrameColor(),
                design.eyeBallColor(), Eye.PLAIN);
        DesignJson.EyesJson eyes = design.eyes();
        return new Design(style, foreground, background, gradient(design), eyes == null ? Eyes.same(shared)
                : new Eyes(eye("design.eyes.topLeft.", eyes.topLeft(), shared),
                        eye("design.eyes.topRight.", eyes.topRight(), shared),
                        eye("design.eyes.bottomLeft.", eyes.bottomLeft(), shared)), frame(design.frame()));
    }

    /**
     * The frame around the code. A style other than none without text says {@link Frame#DEFAULT_TEXT}; an empty
     * text draws the frame with its caption's band empty. Absent colours stay absent: they follow the design
     * ({@link Frame}). A frame of style none keeps nothing of its other fields, though they are still checked.
     */
    static Frame frame(DesignJson.FrameJson frame) {
        if (frame == null) {
            return Frame.NONE;
        }
        if (frame.style() == null) {
            throw ApiException.invalid("design.frame.style", "design.frame.style is required in a frame unless its"
                    + " template's (or the bulk defaults') frame has one; one of: "
                    + String.join(", ", WireNames.all(FrameStyle.class)));
        }
        FrameStyle style = oneOf("design.frame.style", frame.style(), FrameStyle.class);
        String text = frame.text() == null ? Frame.DEFAULT_TEXT : frame.text();
        int length = text.codePointCount(0, text.length());
        if (length > Frame.MAX_TEXT) {
            throw ApiException.invalid("design.frame.text", "design.frame.text must be at most " + Frame.MAX_TEXT
                    + " characters, got " + length);
        }
        Frame.undrawable(text).ifPresent(c -> {
            throw ApiException.invalid("design.frame.text", "design.frame.text contains "
                    + String.format(Locale.ROOT, "U+%04X", c) + (Character.isISOControl(c) ? ""
                    : " '" + Character.toString(c) + "'") + ", which the frame's font (DejaVu Sans Bold) cannot draw");
        });
        Rgb textColor = color("design.frame.textColor", frame.textColor(), null);
        Rgb frameColor = color("design.frame.frameColor", frame.frameColor(), null);
        return style == FrameStyle.NONE ? Frame.NONE : new Frame(style, text, textColor, frameColor);
    }

    private static Eye eye(String prefix, DesignJson.EyeJson eye, Eye shared) {
        return eye == null ? shared
                : eye(prefix, eye.frameStyle(), eye.ballStyle(), eye.frameColor(), eye.ballColor(), shared);
    }

    /**
     * One eye's fields, each falling back on {@code shared}'s. Top-level fields are {@code design.eyeFrameStyle}
     * and so on, per-eye ones {@code design.eyes.topLeft.frameStyle}: {@code prefix} plus the capitalised or plain
     * name.
     */
    private static Eye eye(String prefix, String frameStyle, String ballStyle, String frameColor, String ballColor,
            Eye shared) {
        boolean perEye = prefix.endsWith(".");
        return new Eye(
                frameStyle == null ? shared.frameStyle()
                        : oneOf(name(prefix, perEye, "frameStyle"), frameStyle, EyeFrameStyle.class),
                ballStyle == null ? shared.ballStyle()
                        : oneOf(name(prefix, perEye, "ballStyle"), ballStyle, EyeBallStyle.class),
                color(name(prefix, perEye, "frameColor"), frameColor, shared.frameColor()),
                color(name(prefix, perEye, "ballColor"), ballColor, shared.ballColor()));
    }

    private static String name(String prefix, boolean perEye, String field) {
        return perEye ? prefix + field : prefix + Character.toUpperCase(field.charAt(0)) + field.substring(1);
    }

    /**
     * The gradient, if the design has one. Its angle and its use on the eyes mean nothing without one and are then
     * ignored (a restyle that removes a gradient need not clear them too), though still checked.
     */
    private static Gradient gradient(DesignJson design) {
        double rotation = inRange("design.gradientRotation", design.gradientRotation(), Gradient.DIAGONAL,
                -MAX_GRADIENT_ROTATION, MAX_GRADIENT_ROTATION);
        if (design.gradientType() == null && design.gradientColor2() == null) {
            return null;
        }
        if (design.gradientColor2() == null) {
            throw ApiException.invalid("design.gradientColor2",
                    "design.gradientColor2 is required when design.gradientType is set");
        }
        GradientType type = design.gradientType() == null ? GradientType.LINEAR
                : oneOf("design.gradientType", design.gradientType(), GradientType.class);
        return new Gradient(type, color("design.gradientColor2", design.gradientColor2(), null), rotation,
                design.gradientOnEyes() == null || design.gradientOnEyes());
    }

    /** The logo, if the design names one; its placement fields are ignored without one, as the gradient's are. */
    static LogoSpec logo(DesignJson design, LogoReader logos) {
        if (design == null) {
            return null;
        }
        double size = inRange("design.logoSize", design.logoSize(), DEFAULT_LOGO_SIZE, MIN_LOGO_SIZE, MAX_LOGO_SIZE);
        double margin = inRange("design.logoMargin", design.logoMargin(), DEFAULT_LOGO_MARGIN, 0, MAX_LOGO_MARGIN);
        if (design.logo() == null) {
            return null;
        }
        return new LogoSpec(logos.read(design.logo(), "design.logo"), size, margin,
                design.logoClearModules() == null || design.logoClearModules());
    }

    /** Returns {@code value}, or {@code defaultValue} if absent; outside [min, max] it is an error on {@code field}. */
    static double inRange(String field, Double value, double defaultValue, double min, double max) {
        if (value == null) {
            return defaultValue;
        }
        if (!(value >= min && value <= max)) {
            // Written so that NaN, which a CSV cell can spell, fails too.
            throw ApiException.invalid(field, field + " must be between " + number(min) + " and " + number(max)
                    + ", got " + number(value));
        }
        return value;
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    /** Parses a {@code #rrggbb} colour, or returns {@code defaultValue} if absent, naming {@code field} otherwise. */
    public static Rgb color(String field, String value, Rgb defaultValue) {
        return colorOr(field, value, defaultValue, null);
    }

    private static Rgb colorOr(String field, String value, Rgb defaultValue, String alternative) {
        if (value == null) {
            return defaultValue;
        }
        return Rgb.parseHex(value).orElseThrow(() -> ApiException.invalid(field, field
                + " must be a hex colour in the form #rrggbb" + (alternative == null ? "" : " or '" + alternative
                + "'") + ", got '" + value + "'"));
    }

    /** Parses one of an enumerated set of spellings, listing them all on {@code field} when {@code value} is none. */
    public static <T> T oneOf(String field, String value, Function<String, Optional<T>> parse, List<String> allowed) {
        return parse.apply(value).orElseThrow(() -> ApiException.invalid(field,
                field + " must be one of: " + String.join(", ", allowed) + "; got '" + value + "'"));
    }

    /** The constant of {@code type} spelled {@code value} on the wire, or 400 on {@code field} listing them all. */
    private static <E extends Enum<E>> E oneOf(String field, String value, Class<E> type) {
        return oneOf(field, value, wire -> WireNames.find(type, wire), WireNames.all(type));
    }

    private static Optional<ErrorCorrection> errorCorrection(String value) {
        return Arrays.stream(ErrorCorrection.values()).filter(level -> level.name().equals(value)).findFirst();
    }
}
