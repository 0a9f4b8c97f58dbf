package dev.qrforge.qr;

import dev.qrforge.api.WireNames;
import java.util.List;
import java.util.Optional;

/** The image formats a code can be delivered in. */
public enum ImageFormat {
    SVG("image/svg+xml"),
    PNG("image/png");

    private final String mediaType;

    ImageFormat(String mediaType) {
        this.mediaType = mediaType;
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
