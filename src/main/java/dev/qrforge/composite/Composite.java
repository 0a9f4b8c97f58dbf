package dev.qrforge.composite;

import dev.qrforge.safety.Safety;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * One image with the code drawn over it. The PNG is held as a read-only view of bytes the record takes over from
 * its maker: a composite of a photo can be tens of megabytes, too much to copy on every hop.
 *
 * @param index  the image's position in the request's {@code backgrounds}
 * @param width  the composite's width in pixels, the image's own
 * @param height the composite's height in pixels, the image's own
 * @param png    the composite as a PNG file (JSON: base64)
 * @param safety the verdict on this very composite
 */
public record Composite(int index, int width, int height, ByteBuffer png, Safety safety) {

    public Composite {
        Objects.requireNonNull(png, "png");
        Objects.requireNonNull(safety, "safety");
        png = png.asReadOnlyBuffer();
    }

    @Override
    public ByteBuffer png() {
        return png.duplicate();
    }

    @Override
    public String toString() {
        return "Composite[index=" + index + ", " + width + "×" + height + " px, PNG of " + png.remaining()
                + " bytes, safety=" + safety + "]";
    }
}
