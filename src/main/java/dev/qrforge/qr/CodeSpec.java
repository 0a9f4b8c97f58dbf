package dev.qrforge.qr;

import dev.qrforge.content.Content;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.QrEncoder;
import java.util.Objects;

/**
 * A request for one code image; the API layer validates ranges before building one.
 *
 * @param data            the text to encode
 * @param format          the image format to deliver
 * @param size            the image's edge in pixels (for PDF and EPS, at {@link PrintSize#CSS_PIXELS_PER_INCH}: what
 *                        logos and the verdict's raster are sized from)
 * @param margin          the quiet zone in modules
 * @param errorCorrection the error-correction level
 * @param design          colours and styles
 * @param logo            the logo in the middle, or null
 * @param mask            the mask pattern a kept code was drawn with, so it is drawn again exactly; null for a new
 *                        code, whose mask {@link CodeGenerator} chooses
 * @param content         the typed payload {@code data} encodes, normalised; null for free data
 * @param print           the size as asked for (unit, DPI) and the colour space; {@code size} is its pixels
 */
public record CodeSpec(String data, ImageFormat format, int size, int margin, ErrorCorrection errorCorrection,
        Design design, LogoSpec logo, Integer mask, Content content, PrintSize print) {

    public CodeSpec {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(errorCorrection, "errorCorrection");
        Objects.requireNonNull(design, "design");
        if (mask != null && (mask < 0 || mask >= QrEncoder.MASK_PATTERNS)) {
            throw new IllegalArgumentException("mask patterns are 0 to 7, got " + mask);
        }
        Objects.requireNonNull(print, "print");
    }

    /** A code of free data sized in pixels, in RGB. */
    public CodeSpec(String data, ImageFormat format, int size, int margin, ErrorCorrection errorCorrection,
            Design design, LogoSpec logo, Integer mask) {
        this(data, format, size, margin, errorCorrection, design, logo, mask, null, PrintSize.pixels(size));
    }

    /** A new code, its mask to be chosen. */
    public CodeSpec(String data, ImageFormat format, int size, int margin, ErrorCorrection errorCorrection,
            Design design, LogoSpec logo) {
        this(data, format, size, margin, errorCorrection, design, logo, null);
    }

    /** A new code without a logo. */
    public CodeSpec(String data, ImageFormat format, int size, int margin, ErrorCorrection errorCorrection,
            Design design) {
        this(data, format, size, margin, errorCorrection, design, null, null);
    }

    /** The same request, drawn with mask pattern {@code chosen}. */
    CodeSpec withMask(int chosen) {
        return new CodeSpec(data, format, size, margin, errorCorrection, design, logo, chosen, content, print);
    }
}
