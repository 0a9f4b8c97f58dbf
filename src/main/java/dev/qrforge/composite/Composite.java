package dev.qrforge.composite;

import dev.qrforge.safety.Safety;
import java.util.Arrays;
import java.util.Objects;

/**
 * One image with the code drawn over it. The PNG bytes are copied in and out, so an instance never changes.
 *
 * @param index  the image's position in the request's {@code backgrounds}
 * @param width  the composite's width in pixels, the image's own
 * @param height the composite's height in pixels, the image's own
 * @param png    the composite as a PNG file
 * @param safety the verdict on this very composite
 */
public record Composite(int index, int width, int height, byte[] png, Safety safety) {

    public Composite {
        Objects.requireNonNull(png, "png");
        Objects.requireNonNull(safety, "safety");
        png = png.clone();
    }

    @Override
    public byte[] png() {
        return png.clone();
    }

    // Arrays compare by identity; a value type must compare the bytes.
    @Override
    public boolean equals(Object other) {
        return other instanceof Composite that && index == that.index && width == that.width
                && height == that.height && Arrays.equals(png, that.png) && safety.equals(that.safety);
    }

    @Override
    public int hashCode() {
        return Objects.hash(index, width, height, Arrays.hashCode(png), safety);
    }

    @Override
    public String toString() {
        return "Composite[index=" + index + ", " + width + "×" + height + " px, PNG of " + png.length
                + " bytes, safety=" + safety + "]";
    }
}
