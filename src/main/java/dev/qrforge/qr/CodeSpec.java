package dev.qrforge.qr;

import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import java.util.Objects;

/**
 * A request for one code image; the API layer validates ranges before building one.
 *
 * @param data            the text to encode
 * @param format          the image format to deliver
 * @param size            the image's edge in pixels
 * @param margin          the quiet zone in modules
 * @param errorCorrection the error-correction level
 * @param design          colours and body style
 */
public record CodeSpec(String data, ImageFormat format, int size, int margin, ErrorCorrection errorCorrection,
        Design design) {

    public CodeSpec {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(errorCorrection, "errorCorrection");
        Objects.requireNonNull(design, "design");
    }
}
