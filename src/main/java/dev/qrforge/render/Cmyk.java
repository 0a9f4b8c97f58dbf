package dev.qrforge.render;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A process colour for print: cyan, magenta, yellow and black ink, each in percent (0–100), written as DeviceCMYK
 * values exactly as given.
 *
 * <p>Conversions to and from sRGB use the plain device formula (K = 1 − max(R, G, B), the rest under it), not an ICC
 * profile: it is exact for the colours codes are mostly made of (black becomes pure K, white no ink), keeps black
 * modules on one plate, where a profile's rich black would put four inks on paper that misregister at module edges,
 * and needs no profile in the service. It knows nothing of a press or paper, so a print shop that needs colour-managed
 * brand colours sends them as {@code cmyk(c,m,y,k)}.
 *
 * @param cyan    0–100
 * @param magenta 0–100
 * @param yellow  0–100
 * @param black   0–100
 */
public record Cmyk(double cyan, double magenta, double yellow, double black) {

    private static final double PERCENT = 100;
    private static final int CHANNEL_MAX = 255;
    private static final String NUMBER = "\\s*(\\d{1,3}(?:\\.\\d+)?)\\s*";
    private static final Pattern WIRE = Pattern.compile("cmyk\\(" + NUMBER + "," + NUMBER + "," + NUMBER + ","
            + NUMBER + "\\)");

    public Cmyk {
        check("cyan", cyan);
        check("magenta", magenta);
        check("yellow", yellow);
        check("black", black);
    }

    /** Whether {@code text} is meant as a CMYK colour (it may still be malformed: see {@link #parse}). */
    public static boolean looksLike(String text) {
        return text != null && text.startsWith("cmyk(");
    }

    /** Parses exactly {@code cmyk(c,m,y,k)}, each a percentage 0–100 (decimals allowed); anything else is empty. */
    public static Optional<Cmyk> parse(String text) {
        Matcher match = text == null ? null : WIRE.matcher(text);
        if (match == null || !match.matches()) {
            return Optional.empty();
        }
        double[] values = new double[4];
        for (int i = 0; i < values.length; i++) {
            values[i] = Double.parseDouble(match.group(i + 1));
            if (values[i] > PERCENT) {
                return Optional.empty();
            }
        }
        return Optional.of(new Cmyk(values[0], values[1], values[2], values[3]));
    }

    /** The device conversion of an sRGB colour (see the class comment). */
    public static Cmyk of(Rgb rgb) {
        double r = rgb.red() / (double) CHANNEL_MAX;
        double g = rgb.green() / (double) CHANNEL_MAX;
        double b = rgb.blue() / (double) CHANNEL_MAX;
        double k = 1 - Math.max(r, Math.max(g, b));
        if (k >= 1) {
            return new Cmyk(0, 0, 0, PERCENT);
        }
        return new Cmyk(percent((1 - r - k) / (1 - k)), percent((1 - g - k) / (1 - k)),
                percent((1 - b - k) / (1 - k)), percent(k));
    }

    /** The sRGB equivalent by the device formula, rounded to 8 bits: what the verdict and raster previews use. */
    public Rgb toRgb() {
        double white = 1 - black / PERCENT;
        return new Rgb(channel(cyan, white), channel(magenta, white), channel(yellow, white));
    }

    /** The four values as fractions 0–1, in the order DeviceCMYK takes them. */
    public float[] components() {
        return new float[] {(float) (cyan / PERCENT), (float) (magenta / PERCENT), (float) (yellow / PERCENT),
                (float) (black / PERCENT)};
    }

    /** The wire spelling, {@code cmyk(c,m,y,k)}, without needless decimals. */
    public String wire() {
        return "cmyk(" + number(cyan) + "," + number(magenta) + "," + number(yellow) + "," + number(black) + ")";
    }

    private static int channel(double ink, double white) {
        return (int) Math.round(CHANNEL_MAX * (1 - ink / PERCENT) * white);
    }

    /** To a hundredth of a percent, far below what any press resolves, so conversions print tidily. */
    private static double percent(double fraction) {
        return Math.round(fraction * PERCENT * PERCENT) / PERCENT;
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value)
                : String.format(Locale.ROOT, "%s", Math.round(value * PERCENT) / PERCENT);
    }

    private static void check(String name, double value) {
        if (!(value >= 0 && value <= PERCENT)) {
            throw new IllegalArgumentException(name + " must be 0–100 %, got " + value);
        }
    }
}
