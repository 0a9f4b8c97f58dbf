package dev.qrforge.qr;

import dev.qrforge.api.WireNames;
import java.util.List;
import java.util.Optional;

/**
 * The image formats a code can be delivered in: vector (SVG, and the print formats PDF and EPS, which may also be
 * CMYK) or raster (PNG, JPEG, WebP).
 */
public enum ImageFormat {
    SVG("image/svg+xml", true),
    PNG("image/png", false),
    PDF("application/pdf", true),
    EPS("application/postscript", true),
    JPEG("image/jpeg", false),
    WEBP("image/webp", false);

    private final String mediaType;
    private final boolean vector;

    ImageFormat(String mediaType, boolean vector) {
        this.mediaType = mediaType;
        this.vector = vector;
    }

    /** Whether the file is drawn as shapes, so that it has no pixels of its own and any size is exact. */
    public boolean vector() {
        return vector;
    }

    /** Whether the file can carry CMYK inks: the print formats. */
    public boolean cmyk() {
        return this == PDF || this == EPS;
    }

    /** Returns the IANA media type, for Content-Type headers. */
    public String mediaType() {
        return mediaType;
    }

    /** Returns this format's spelling on the wire, e.g. {@code "svg"}. */
    public String wireName() {
        return WireNames.of(this);
    }

    /** Returns the format spelled exactly {@code wire}, or empty. */
    public static Optional<ImageFormat> fromWire(String wire) {
        return WireNames.find(ImageFormat.class, wire);
    }

    /** Returns all wire spellings, for error messages and API documentation. */
    public static List<String> wireNames() {
        return WireNames.all(ImageFormat.class);
    }
}
