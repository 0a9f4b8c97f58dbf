package dev.qrforge.safety;

import java.util.Objects;

/**
 * Luminance, one byte a pixel, row after row: what both of the verdict's decoders read.
 *
 * @param pixels {@code width * height} grey levels, 0 black to 255 white; never copied, so never change them
 */
public record GreyImage(byte[] pixels, int width, int height) {

    /** ZXing's luminance weights, (R + 2G + B) / 4, so an image binarises as ZXing's own sources would. */
    private static final int WEIGHT_SUM = 4;
    private static final int CHANNEL = 0xff;

    public GreyImage {
        Objects.requireNonNull(pixels, "pixels");
        if (width < 1 || height < 1 || pixels.length < width * height) {
            throw new IllegalArgumentException("a " + width + "×" + height + " image needs " + width * height
                    + " pixels, got " + pixels.length);
        }
    }

    /** The grey level of an opaque RGB colour, weighted as {@link DecodeSample} weighs them. */
    public static int grey(int rgb) {
        return ((rgb >> 16 & CHANNEL) + 2 * (rgb >> 8 & CHANNEL) + (rgb & CHANNEL)) / WEIGHT_SUM;
    }

    /** The grey level at {@code (x, y)}, 0 to 255. */
    public int at(int x, int y) {
        return pixels[y * width + x] & CHANNEL;
    }
}
