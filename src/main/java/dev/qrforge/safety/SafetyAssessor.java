package dev.qrforge.safety;

import dev.qrforge.render.Design;
import dev.qrforge.render.QrMatrix;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Scores how safely a rendered code will scan. Each finding deducts a penalty from a perfect score and explains itself
 * in a warning; a code that failed verification, whose contrast is below the hard minimum or, placed over an image,
 * that stands on busy ground is {@code RISKY} whatever else is true of it. All thresholds and penalties are the
 * constants below.
 */
public final class SafetyAssessor {

    static final int PERFECT_SCORE = 100;
    static final int OPTIMAL_MIN_SCORE = 80;
    static final int ACCEPTABLE_MIN_SCORE = 50;

    /** Our own decoder could not read the rendering: the strongest evidence there is, so it also forces RISKY. */
    static final int UNVERIFIED_PENALTY = 50;

    /*
     * WCAG contrast between the background and the worst foreground colour. Scanners binarise by luminance, so what
     * reads well for people reads well for them; 3:1 is the least that phone scanners manage reliably (forces RISKY),
     * 7:1 (WCAG's enhanced level) holds up in poor light and on cheap cameras.
     */
    static final double MIN_CONTRAST = 3;
    static final double LOW_CONTRAST = 4.5;
    static final double SAFE_CONTRAST = 7;
    static final int INSUFFICIENT_CONTRAST_PENALTY = 60;
    static final int LOW_CONTRAST_PENALTY = 25;
    static final int MODERATE_CONTRAST_PENALTY = 10;

    /** Light on dark: ZXing and many phone scanners look only for dark modules on a light ground. */
    static final int INVERTED_PENALTY = 30;

    /*
     * Image pixels per module. Below 2 anti-aliasing smears neighbouring modules together and any rescaling loses
     * them; from 4 up each module keeps a solid core however the image is scaled for display.
     */
    static final double MIN_MODULE_PIXELS = 2;
    static final double SAFE_MODULE_PIXELS = 4;
    static final int TINY_MODULE_PENALTY = 55;
    static final int SMALL_MODULE_PENALTY = 15;

    /*
     * Quiet zone in modules. ISO/IEC 18004 asks for 4; most phone scanners manage with 2, with less they need the
     * code placed on a plain light surface.
     */
    static final int STANDARD_QUIET_ZONE = 4;
    static final int MIN_QUIET_ZONE = 2;
    static final int MISSING_QUIET_ZONE_PENALTY = 25;
    static final int NARROW_QUIET_ZONE_PENALTY = 10;

    /*
     * Symbol version. Up to version 10 (57×57 modules) phones scan at a glance; beyond, the camera must resolve ever
     * finer detail at the same print size, and beyond 25 (117×117) only large prints scan comfortably.
     */
    static final int DENSE_VERSION = 10;
    static final int VERY_DENSE_VERSION = 25;
    static final int DENSE_PENALTY = 10;
    static final int VERY_DENSE_PENALTY = 25;

    /*
     * Texture behind a code placed over an image (Backdrop.busyness). Photos and gradients stay close to
     * 1:1 from one module to the next; from 1.5:1 the ground starts to compete with the modules, and from 2:1
     * binarising scanners see spurious modules and broken finder patterns (forces RISKY).
     */
    static final double RESTLESS_GROUND = 1.5;
    static final double BUSY_GROUND = 2;
    static final int RESTLESS_GROUND_PENALTY = 15;
    static final int BUSY_GROUND_PENALTY = 40;

    private static final String REDRAW_REMEDY = "raise the contrast, choose the square style or a higher error"
            + " correction";
    private static final String PLATE_REMEDY = "add a plate (placement.plate) or place the code over a lighter,"
            + " calmer area";

    private SafetyAssessor() {
    }

    /**
     * Assesses a rendering.
     *
     * @param verified whether the rendering decoded back to its data (see {@link DecodeVerifier})
     */
    public static Safety assess(RenderSpec spec, boolean verified) {
        Findings findings = new Findings();
        assessVerification(verified, REDRAW_REMEDY, findings);
        assessContrast(spec.design(), findings);
        assessGeometry(spec, findings);
        return findings.toSafety(verified);
    }

    /**
     * Assesses a code drawn with a transparent background over an image: as {@link #assess}, but the contrast is the
     * one measured against the image, whose texture is judged too; the design's background colour plays no part.
     *
     * @param spec     the code as placed: {@code spec.size()} is its edge on the image
     * @param verified whether the composite decoded back to the code's data
     */
    public static Safety assessPlaced(RenderSpec spec, boolean verified, Backdrop backdrop) {
        Findings findings = new Findings();
        assessVerification(verified, PLATE_REMEDY + ", or " + REDRAW_REMEDY, findings);
        gradeContrast(backdrop.contrast(), "the image under the code's light modules and quiet zone (at "
                + backdrop.area() + ") has contrast " + tenths(backdrop.contrast()) + ":1 with its dark modules",
                PLATE_REMEDY, findings);
        assessBusyness(backdrop, findings);
        assessGeometry(spec, findings);
        return findings.toSafety(verified);
    }

    private static void assessVerification(boolean verified, String remedy, Findings findings) {
        if (!verified) {
            findings.forceRisky();
            findings.deduct(UNVERIFIED_PENALTY, "our decoder could not read this rendering back, so phones are likely"
                    + " to fail too — " + remedy);
        }
    }

    private static void assessGeometry(RenderSpec spec, Findings findings) {
        assessModuleSize(spec, findings);
        assessQuietZone(spec.margin(), findings);
        assessDensity(spec.matrix(), findings);
    }

    private static void assessContrast(Design design, Findings findings) {
        Rgb background = design.background();
        List<Rgb> stops = design.foregroundStops();
        Rgb worst = stops.stream().min(Comparator.comparingDouble(c -> Rgb.contrastRatio(c, background))).orElseThrow();
        double ratio = Rgb.contrastRatio(worst, background);
        boolean inverted = stops.stream().anyMatch(c -> c.relativeLuminance() > background.relativeLuminance());
        String finding = (stops.size() > 1 ? "the foreground gradient's colour " : "foreground ") + worst.hex()
                + " on background " + background.hex() + " has contrast " + tenths(ratio) + ":1";
        String remedy = worst.relativeLuminance() > background.relativeLuminance()
                ? "use a dark foreground on a light background"
                : "darken the foreground or lighten the background";
        gradeContrast(ratio, finding, remedy, findings);
        if (inverted) {
            findings.deduct(INVERTED_PENALTY, "the foreground is lighter than the background; many scanners only read"
                    + " dark codes on a light background — swap the colours");
        }
    }

    private static void gradeContrast(double ratio, String finding, String remedy, Findings findings) {
        if (ratio < MIN_CONTRAST) {
            findings.forceRisky();
            findings.deduct(INSUFFICIENT_CONTRAST_PENALTY, finding + "; scanners need at least " + tenths(MIN_CONTRAST)
                    + ":1, " + tenths(SAFE_CONTRAST) + ":1 is safe — " + remedy);
        } else if (ratio < LOW_CONTRAST) {
            findings.deduct(LOW_CONTRAST_PENALTY, finding + "; that is low for scanners in poor light, "
                    + tenths(SAFE_CONTRAST) + ":1 is safe — " + remedy);
        } else if (ratio < SAFE_CONTRAST) {
            findings.deduct(MODERATE_CONTRAST_PENALTY, finding + "; " + tenths(SAFE_CONTRAST)
                    + ":1 or more scans safely in poor light — " + remedy);
        }
    }

    private static void assessBusyness(Backdrop backdrop, Findings findings) {
        double busyness = backdrop.busyness();
        if (busyness < RESTLESS_GROUND) {
            return;
        }
        String finding = "the image behind the code (at " + backdrop.area() + ") is ";
        String measure = ": neighbouring points differ by " + tenths(busyness) + ":1 in contrast on average";
        if (busyness >= BUSY_GROUND) {
            findings.forceRisky();
            findings.deduct(BUSY_GROUND_PENALTY, finding + "busy" + measure + ", and scanners take such texture for"
                    + " modules — " + PLATE_REMEDY);
        } else {
            findings.deduct(RESTLESS_GROUND_PENALTY, finding + "textured" + measure + "; calm ground scans more"
                    + " reliably — " + PLATE_REMEDY);
        }
    }

    private static void assessModuleSize(RenderSpec spec, Findings findings) {
        double pixels = spec.moduleSize();
        if (pixels >= SAFE_MODULE_PIXELS) {
            return;
        }
        String finding = "each module is only " + tenths(pixels) + " px wide at " + spec.size() + " px";
        String remedy = "use a size of at least " + (int) Math.ceil(spec.totalModules() * SAFE_MODULE_PIXELS)
                + " px or shorter data";
        if (pixels < MIN_MODULE_PIXELS) {
            findings.deduct(TINY_MODULE_PENALTY, finding + "; below " + tenths(MIN_MODULE_PIXELS)
                    + " px modules blur into each other when displayed or printed — " + remedy);
        } else {
            findings.deduct(SMALL_MODULE_PENALTY, finding + "; " + tenths(SAFE_MODULE_PIXELS)
                    + " px or more survive scaling and printing — " + remedy);
        }
    }

    private static void assessQuietZone(int margin, Findings findings) {
        if (margin >= STANDARD_QUIET_ZONE) {
            return;
        }
        String finding = "the quiet zone is " + margin + (margin == 1 ? " module" : " modules")
                + " wide; the QR standard asks for " + STANDARD_QUIET_ZONE + " so scanners can tell the code from"
                + " its surroundings";
        if (margin < MIN_QUIET_ZONE) {
            findings.deduct(MISSING_QUIET_ZONE_PENALTY, finding + ", and with less than " + MIN_QUIET_ZONE
                    + " it only scans when placed on a plain light surface — use margin " + STANDARD_QUIET_ZONE);
        } else {
            findings.deduct(NARROW_QUIET_ZONE_PENALTY, finding + " — use margin " + STANDARD_QUIET_ZONE);
        }
    }

    private static void assessDensity(QrMatrix matrix, Findings findings) {
        int version = matrix.version();
        if (version <= DENSE_VERSION) {
            return;
        }
        int modules = matrix.modules();
        String finding = "version " + version + " (" + modules + "×" + modules + " modules) is ";
        String remedy = " — shorten the data (e.g. a short link) or lower the error correction";
        if (version > VERY_DENSE_VERSION) {
            findings.deduct(VERY_DENSE_PENALTY,
                    finding + "very dense; phones resolve it only in large prints" + remedy);
        } else {
            findings.deduct(DENSE_PENALTY, finding + "dense; phones need it printed or shown large" + remedy);
        }
    }

    /**
     * Formats a measurement rounded down to tenths, so a value just under a threshold never prints as equal to it, and
     * without a trailing ".0", so thresholds read as people write them ("3:1").
     */
    private static String tenths(double value) {
        String text = String.format(Locale.ROOT, "%.1f", Math.floor(value * 10) / 10);
        return text.endsWith(".0") ? text.substring(0, text.length() - 2) : text;
    }

    /** Collects deductions and their warnings while one code is assessed. */
    private static final class Findings {

        private final List<String> warnings = new ArrayList<>();
        private int penalty;
        private boolean risky;

        void deduct(int points, String warning) {
            penalty += points;
            warnings.add(warning);
        }

        /** Caps the score below the ACCEPTABLE band, so score and status never disagree. */
        void forceRisky() {
            risky = true;
        }

        Safety toSafety(boolean verified) {
            int score = Math.max(0, PERFECT_SCORE - penalty);
            if (risky) {
                score = Math.min(score, ACCEPTABLE_MIN_SCORE - 1);
            }
            SafetyStatus status = score >= OPTIMAL_MIN_SCORE ? SafetyStatus.OPTIMAL
                    : score >= ACCEPTABLE_MIN_SCORE ? SafetyStatus.ACCEPTABLE
                    : SafetyStatus.RISKY;
            return new Safety(score, status, warnings, verified);
        }
    }
}
