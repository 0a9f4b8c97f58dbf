package dev.qrforge.images;

import java.util.Objects;

/**
 * An image a client sent, checked as far as its header: its bytes, its kind and size, and what decoding it will cost.
 * Nothing has been decoded yet, so that cost can be reserved first.
 *
 * @param bytes                the file, not copied: the record owns it
 * @param width                in pixels (for SVG, CSS pixels of its intrinsic size)
 * @param decodedBytesPerPixel what each pixel takes once decoded (SVG: rasterised as 32-bit)
 * @param decodedRgb           whether it decodes to an opaque RGB image Java2D draws on in colour as it is
 * @param sha256               the file's SHA-256 in hex, which names it
 */
public record ImageFile(byte[] bytes, ImageKind kind, int width, int height, int decodedBytesPerPixel,
        boolean decodedRgb, String sha256) {

    public ImageFile {
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(sha256, "sha256");
    }

    /** The heap decoding holds: the decoded image, plus an RGB copy when it must be flattened. */
    public long decodeBytes() {
        long pixels = (long) width * height;
        return pixels * decodedBytesPerPixel + (decodedRgb ? 0 : pixels * Integer.BYTES);
    }
}
