package dev.qrforge.render;

/**
 * Writes numbers the way SVG wants them and people like to read them: locale-independent, at most {@value #DECIMALS}
 * decimals, no trailing zeros, no leading zero before the point ({@code .5}, {@code -.25}, {@code 3}).
 */
final class SvgNumbers {

    /**
     * Four decimals keep rendering exact to a hundredth of a pixel: a coordinate of up to 217 modules (version 40
     * with a 20-module margin on each side) times a scale rounded by at most 0.00005 is off by at most 0.011 pixels.
     */
    static final int DECIMALS = 4;

    private static final long UNIT = 10_000;

    private SvgNumbers() {
    }

    static void append(StringBuilder out, double value) {
        appendScaled(out, scaled(value));
    }

    /** The value in units of the last decimal written, as {@link #appendScaled} takes it. */
    static long scaled(double value) {
        return Math.round(value * UNIT);
    }

    /** Appends a value {@link #scaled} already rounded: negative exactly when {@code scaled} is. */
    static void appendScaled(StringBuilder out, long scaled) {
        if (scaled < 0) {
            out.append('-');
            scaled = -scaled;
        }
        long whole = scaled / UNIT;
        long fraction = scaled % UNIT;
        if (whole != 0 || fraction == 0) {
            out.append(whole);
        }
        if (fraction != 0) {
            out.append('.');
            for (long digit = UNIT / 10; fraction != 0; digit /= 10) {
                out.append((char) ('0' + fraction / digit));
                fraction %= digit;
            }
        }
    }

    static String format(double value) {
        StringBuilder out = new StringBuilder();
        append(out, value);
        return out.toString();
    }
}
