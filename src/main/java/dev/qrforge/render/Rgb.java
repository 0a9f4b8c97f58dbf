package dev.qrforge.render;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An opaque sRGB colour with 8 bits per channel.
 *
 * @param red   0–255
 * @param green 0–255
 * @param blue  0–255
 */
public record Rgb(int red, int green, int blue) {

    public static final Rgb BLACK = new Rgb(0, 0, 0);
    public static final Rgb WHITE = new Rgb(255, 255, 255);

    private static final int CHANNEL_MAX = 255;
    private static final Pattern HEX = Pattern.compile("#[0-9a-fA-F]{6}");

    /*
     * sRGB transfer function and Rec. 709 channel weights, as WCAG 2.x defines relative luminance. WCAG 2.x prints
     * 0.03928 as the linear-segment threshold, a typo carried over from an sRGB draft; 0.04045 is the standard's value.
     * No 8-bit channel value falls between the two, so the results are identical.
     */
    private static final double LINEAR_THRESHOLD = 0.04045;
    private static final double LINEAR_SLOPE = 12.92;
    private static final double GAMMA_OFFSET = 0.055;
    private static final double GAMMA = 2.4;
    private static final double RED_WEIGHT = 0.2126;
    private static final double GREEN_WEIGHT = 0.7152;
    private static final double BLUE_WEIGHT = 0.0722;

    /** WCAG's allowance for ambient light reflected by a screen, added to both luminances of a contrast ratio. */
    private static final double FLARE = 0.05;

    public Rgb {
        checkChannel("red", red);
        checkChannel("green", green);
        checkChannel("blue", blue);
    }

    /** Parses exactly {@code #rrggbb} in either case; anything else (short forms, names, null) is empty. */
    public static Optional<Rgb> parseHex(String text) {
        if (text == null || !HEX.matcher(text).matches()) {
            return Optional.empty();
        }
        int value = Integer.parseInt(text, 1, text.length(), 16);
        return Optional.of(new Rgb(value >> 16, (value >> 8) & CHANNEL_MAX, value & CHANNEL_MAX));
    }

    /** Returns the colour of a Java2D or ZXing integer pixel {@code 0x??RRGGBB}, ignoring its top (alpha) byte. */
    public static Rgb fromRgb(int packed) {
        return new Rgb(packed >> 16 & CHANNEL_MAX, packed >> 8 & CHANNEL_MAX, packed & CHANNEL_MAX);
    }

    /** Returns this colour as lower-case {@code #rrggbb}. */
    public String hex() {
        return String.format(Locale.ROOT, "#%06x", rgb());
    }

    /** Whether this is a grey: its three channels equal. */
    public boolean grey() {
        return red == green && green == blue;
    }

    /** Returns this colour packed as {@code 0xRRGGBB}, the layout of Java2D's and ZXing's integer pixels. */
    public int rgb() {
        return red << 16 | green << 8 | blue;
    }

    /** Returns the WCAG 2.x relative luminance: 0 for black, 1 for white. */
    public double relativeLuminance() {
        return RED_WEIGHT * linear(red) + GREEN_WEIGHT * linear(green) + BLUE_WEIGHT * linear(blue);
    }

    /** Returns the WCAG 2.x contrast ratio of two colours, from 1 (equal) to 21 (black and white), in either order. */
    public static double contrastRatio(Rgb a, Rgb b) {
        return contrastRatio(a.relativeLuminance(), b.relativeLuminance());
    }

    /**
     * Returns the WCAG 2.x contrast ratio of two relative luminances, in either order: for luminances measured on
     * images, which need not be any one colour's.
     */
    public static double contrastRatio(double luminanceA, double luminanceB) {
        return (Math.max(luminanceA, luminanceB) + FLARE) / (Math.min(luminanceA, luminanceB) + FLARE);
    }

    private static double linear(int channel) {
        double c = (double) channel / CHANNEL_MAX;
        return c <= LINEAR_THRESHOLD ? c / LINEAR_SLOPE : Math.pow((c + GAMMA_OFFSET) / (1 + GAMMA_OFFSET), GAMMA);
    }

    private static void checkChannel(String name, int value) {
        if (value < 0 || value > CHANNEL_MAX) {
            throw new IllegalArgumentException(name + " must be 0–" + CHANNEL_MAX + ", got " + value);
        }
    }
}
