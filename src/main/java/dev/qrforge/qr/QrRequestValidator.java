package dev.qrforge.qr;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.WireNames;
import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.Rgb;
import java.util.Arrays;
import java.util.List;
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
    public static final ErrorCorrection DEFAULT_ERROR_CORRECTION = ErrorCorrection.M;

    private QrRequestValidator() {
    }

    /**
     * @param impliedFormat the format to use when the request names none (the image type the client asked
     *                      for in {@code Accept}, else SVG)
     */
    public static CodeSpec validate(QrRequest request, ImageFormat impliedFormat) {
        if (request == null) {
            // An empty body or a bare JSON null: nothing was sent that could be called a field.
            throw new ApiException(ErrorCode.INVALID_JSON, null,
                    "the request body must be a JSON object, e.g. {\"data\": \"https://example.com\"}");
        }
        return new CodeSpec(data(request.data()),
                request.format() == null ? impliedFormat : oneOf("format", request.format(), ImageFormat::fromWire,
                        ImageFormat.wireNames()),
                inRange("size", request.size(), DEFAULT_SIZE, MIN_SIZE, MAX_SIZE),
                inRange("margin", request.margin(), DEFAULT_MARGIN, 0, MAX_MARGIN),
                request.errorCorrection() == null ? DEFAULT_ERROR_CORRECTION
                        : oneOf("errorCorrection", request.errorCorrection(), QrRequestValidator::errorCorrection,
                                Arrays.stream(ErrorCorrection.values()).map(Enum::name).toList()),
                design(request.design()));
    }

    private static String data(String data) {
        if (data == null) {
            throw ApiException.invalid("data", "data is required");
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
        Rgb background = color("design.backgroundColor", design.backgroundColor(), Design.DEFAULT.background());
        return new Design(style, foreground, background, gradient(design));
    }

    private static Gradient gradient(DesignJson design) {
        if (design.gradientType() == null && design.gradientColor2() == null) {
            return null;
        }
        if (design.gradientColor2() == null) {
            throw ApiException.invalid("design.gradientColor2",
                    "design.gradientColor2 is required when design.gradientType is set");
        }
        GradientType type = design.gradientType() == null ? GradientType.LINEAR
                : oneOf("design.gradientType", design.gradientType(), GradientType.class);
        return new Gradient(type, color("design.gradientColor2", design.gradientColor2(), null));
    }

    /** Parses a {@code #rrggbb} colour, or returns {@code defaultValue} if absent, naming {@code field} otherwise. */
    public static Rgb color(String field, String value, Rgb defaultValue) {
        if (value == null) {
            return defaultValue;
        }
        return Rgb.parseHex(value).orElseThrow(() -> ApiException.invalid(field,
                field + " must be a hex colour in the form #rrggbb, got '" + value + "'"));
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
