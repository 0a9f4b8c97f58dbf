package dev.qrforge.safety;

import dev.qrforge.api.WireNames;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Eye;
import dev.qrforge.render.EyeBallStyle;
import dev.qrforge.render.EyeFrameStyle;
import dev.qrforge.render.Logo;
import dev.qrforge.render.QrMatrix;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Scores how safely a rendered code will scan. Each finding deducts a penalty from a perfect score and explains itself
 * in a warning a designer can act on.
 *
 * <p>The model was fitted to the calibration suite (ScannabilityCalibrationTest, docs/scannability-calibration.md),
 * which renders over a thousand designs and decodes each with ZXing, BoofCV and zbar, cleanly and under simulated
 * poor conditions.
 * Three kinds of finding follow from what it showed:
 * <ul>
 * <li><b>Evidence of failure</b> makes a code {@code RISKY} whatever its score: our own ZXing read failed, or a
 * design trait that made one of the decoders fail every time it was tried (eyes that square-seeking scanners cannot
 * find, colours that vanish, modules too small to survive, a logo the error correction cannot cover).</li>
 * <li><b>Thin margins</b> cost more than 20 points, so the code is not {@code OPTIMAL}: such codes decoded in the grid
 * but some failed under poor conditions. Thin margins alone never make a code {@code RISKY}; only evidence does.</li>
 * <li><b>Advice</b> costs at most 10 points: worth fixing, not a danger on its own.</li>
 * </ul>
 * All thresholds and penalties are the constants below.
 */
public final class SafetyAssessor {

    static final int PERFECT_SCORE = 100;
    static final int OPTIMAL_MIN_SCORE = 80;
    static final int ACCEPTABLE_MIN_SCORE = 50;
    private static final int PERCENT = 100;

    /** Our own decoder could not read the rendering: the strongest evidence there is, so it also forces RISKY. */
    static final int UNVERIFIED_PENALTY = 50;

    /*
     * WCAG contrast between the background and the weakest dark colour. Scanners binarise by luminance: in the grid,
     * below 2:1 the decoders failed; up to 7:1 (WCAG's enhanced level) some codes failed under dim, noisy capture.
     */
    static final double MIN_CONTRAST = 2;
    static final double LOW_CONTRAST = 4.5;
    static final double SAFE_CONTRAST = 7;
    static final int INSUFFICIENT_CONTRAST_PENALTY = 60;
    static final int LOW_CONTRAST_PENALTY = 30;
    static final int MODERATE_CONTRAST_PENALTY = 21;

    /** Light on dark: ZXing, zbar and most phone scanners look only for dark modules on a light ground. */
    static final int INVERTED_PENALTY = 30;

    /** What a transparent code is judged against: the light surface it must be placed on to scan. */
    static final Rgb ASSUMED_SURFACE = Rgb.WHITE;
    /** The luminance that contrasts equally with black and with white: lighter colours are "light". */
    static final double MID_GREY_LUMINANCE = 0.179;

    /*
     * Image pixels per module. Below 2 anti-aliasing smears neighbouring modules together: in the grid all but a few
     * such codes failed, and those our own decoder reads already (it reads the delivered pixels), so the finding is
     * the heaviest short of RISKY. Below 4 codes decoded but failed when the image was blurred or rescaled.
     */
    static final double MIN_MODULE_PIXELS = 2;
    static final double SAFE_MODULE_PIXELS = 4;
    static final int TINY_MODULE_PENALTY = 55;
    static final int SMALL_MODULE_PENALTY = 25;

    /*
     * Quiet zone in modules. ISO/IEC 18004 asks for 4. Without any, the decoders failed; with one, some did under
     * poor capture; with 2 or 3 the grid's codes all decoded, though only on a plain surface.
     */
    static final int STANDARD_QUIET_ZONE = 4;
    static final int NARROW_QUIET_ZONE = 2;
    static final int MISSING_QUIET_ZONE_PENALTY = 55;
    static final int THIN_QUIET_ZONE_PENALTY = 25;
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
     * Logo coverage against what the error correction recovers. Hidden modules are errors the decoder must correct,
     * and a codeword with one hidden module is as wrong as one with eight, so a logo costs more of the budget than
     * its share of modules; and the same budget must still cover smudges, glare and the camera's misreads. Up to
     * SAFE_LOGO_SHARE of the budget leaves enough; beyond MAX_LOGO_SHARE decoding failed (forces RISKY).
     */
    static final double SAFE_LOGO_SHARE = 0.5;
    static final double MAX_LOGO_SHARE = 1;
    static final int HEAVY_LOGO_PENALTY = 25;
    static final int EXCESSIVE_LOGO_PENALTY = 55;
    /** Logo sizes are suggested in steps a designer can act on: hundredths of the code's width. */
    private static final int LOGO_SIZE_STEPS = 100;

    /*
     * Eyes. BoofCV finds a finder pattern by its outline as a quadrilateral, so a frame whose corners are rounded or
     * cut by more than a module is never found (forces RISKY); smaller roundings it loses once they span more than
     * about MAX_CORNER_PIXELS (its tolerance is in pixels), and from CORNER_MARGIN_PIXELS some failed under poor
     * capture, though zbar and ZXing still read them all.
     * ZXing needs a solid centre (its dark runs across the eye, diagonals included, in the ratio 1:1:3:1:1), which
     * dotted balls lack, and BoofCV an outline, which dotted frames lack; below DOTS_MERGE_PIXELS per module the dots
     * blur into solid shapes and were found.
     */
    static final double MAX_CORNER_MODULES = 1;
    static final double MAX_CORNER_PIXELS = 15;
    static final double CORNER_MARGIN_PIXELS = 8;
    static final double DOTS_MERGE_PIXELS = 4;
    static final int UNFINDABLE_EYE_PENALTY = 40;
    static final int FRAGILE_EYE_PENALTY = 25;

    /*
     * Texture behind a code placed over an image (Backdrop.busyness). Photos and gradients stay close to
     * 1:1 from one module to the next; from 1.5:1 the ground starts to compete with the modules, and from 2:1
     * binarising scanners see spurious modules and broken finder patterns (forces RISKY).
     */
    static final double RESTLESS_GROUND = 1.5;
    static final double BUSY_GROUND = 2;
    static final int RESTLESS_GROUND_PENALTY = 15;
    static final int BUSY_GROUND_PENALTY = 40;

    private static final String REDRAW_REMEDY = "raise the contrast, choose square eyes and body, or a higher error"
            + " correction";
    private static final String PLATE_REMEDY = "add a plate (placement.plate) or place the code over a lighter,"
            + " calmer area";
    private static final String SAFE_FRAMES = "square, rounded or cut";

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
        assessEyes(spec, findings);
        assessLogo(spec, findings);
    }

    private static void assessContrast(Design design, Findings findings) {
        Rgb background = design.transparent() ? ASSUMED_SURFACE : design.background();
        String ground = design.transparent() ? "a white surface" : "background " + background.hex();
        List<Rgb> darks = design.darkColours();
        Rgb worst = darks.stream().min(Comparator.comparingDouble(c -> Rgb.contrastRatio(c, background)))
                .orElseThrow();
        double ratio = Rgb.contrastRatio(worst, background);
        boolean light = worst.relativeLuminance() > background.relativeLuminance();
        List<Rgb> stops = design.foregroundStops();
        String finding = (!stops.contains(worst) ? "the eye colour " : stops.size() > 1
                ? "the foreground gradient's colour " : "foreground ") + worst.hex() + " on " + ground
                + " has contrast " + tenths(ratio) + ":1";
        String remedy = light ? "use a dark foreground on a light background"
                : design.transparent() ? "darken the foreground" : "darken the foreground or lighten the background";
        if (design.transparent()) {
            findings.deduct(0, "the background is transparent: this verdict assumes the code is placed on a white or"
                    + " light surface; on dark, busy or patterned ground it will not scan");
        }
        gradeContrast(ratio, finding, remedy, findings);
        if (design.transparent() && worst.relativeLuminance() > MID_GREY_LUMINANCE) {
            findings.deduct(0, "the foreground " + worst.hex() + " is lighter than mid-grey, so on a light surface"
                    + " it stands out poorly, and on a dark one most scanners cannot read light modules — use a dark"
                    + " foreground, or an opaque light background behind it");
        } else if (!design.transparent()
                && darks.stream().anyMatch(c -> c.relativeLuminance() > background.relativeLuminance())) {
            findings.forceRisky();
            findings.deduct(INVERTED_PENALTY, "the foreground is lighter than the background; most scanners only read"
                    + " dark codes on a light background — swap the colours");
        }
    }

    private static void gradeContrast(double ratio, String finding, String remedy, Findings findings) {
        if (ratio < MIN_CONTRAST) {
            findings.forceRisky();
            findings.deduct(INSUFFICIENT_CONTRAST_PENALTY, finding + "; scanners need at least "
                    + tenths(MIN_CONTRAST) + ":1, " + tenths(SAFE_CONTRAST) + ":1 is safe — " + remedy);
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
        String remedy = " — use margin " + STANDARD_QUIET_ZONE;
        if (margin == 0) {
            findings.forceRisky();
            findings.deduct(MISSING_QUIET_ZONE_PENALTY, finding + ", and without one scanners cannot find where the"
                    + " code begins" + remedy);
        } else if (margin < NARROW_QUIET_ZONE) {
            findings.deduct(THIN_QUIET_ZONE_PENALTY, finding + ", and with less than " + NARROW_QUIET_ZONE
                    + " it only scans when placed on a plain light surface" + remedy);
        } else {
            findings.deduct(NARROW_QUIET_ZONE_PENALTY, finding + remedy);
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

    /** Each distinct eye style once, however many eyes share it. */
    private static void assessEyes(RenderSpec spec, Findings findings) {
        double pixels = spec.moduleSize();
        Set<EyeFrameStyle> frames = new LinkedHashSet<>();
        Set<EyeBallStyle> balls = new LinkedHashSet<>();
        for (Eye eye : spec.design().eyes().all()) {
            frames.add(eye.frameStyle());
            balls.add(eye.ballStyle());
        }
        for (EyeFrameStyle frame : frames) {
            assessFrame(frame, pixels, spec, findings);
        }
        if (balls.contains(EyeBallStyle.DOTS)) {
            dotted("eye ball style 'dots' leaves the eye without the solid centre that scanners checking its"
                    + " proportions (ZXing-based ones) look for", "square, rounded, circle, leaf, diamond or star"
                    + " balls", pixels, findings);
        }
    }

    private static void assessFrame(EyeFrameStyle frame, double pixels, RenderSpec spec, Findings findings) {
        String name = "eye frame style '" + WireNames.of(frame) + "'";
        if (frame == EyeFrameStyle.DOTS) {
            dotted(name + " has no outline for scanners that find eyes by their square outline (BoofCV-based ones)",
                    SAFE_FRAMES + " frames", pixels, findings);
            return;
        }
        double corner = frame.corner();
        if (corner > MAX_CORNER_MODULES) {
            findings.forceRisky();
            findings.deduct(UNFINDABLE_EYE_PENALTY, name + " rounds the eyes' corners by " + tenths(corner)
                    + " modules; scanners that find eyes by their square outline (BoofCV-based ones) miss it — use "
                    + SAFE_FRAMES + " frames");
            return;
        }
        double cornerPixels = corner * pixels;
        if (cornerPixels <= CORNER_MARGIN_PIXELS) {
            return;
        }
        int largest = (int) Math.floor(CORNER_MARGIN_PIXELS / corner * spec.totalModules());
        String finding = name + " rounds or cuts the eyes' corners by " + tenths(cornerPixels) + " px at this"
                + " size; scanners that find eyes by their square outline (BoofCV-based ones) lose corners of more"
                + " than " + tenths(MAX_CORNER_PIXELS) + " px";
        String remedy = " — use square frames, or a size of at most " + largest + " px";
        findings.deduct(FRAGILE_EYE_PENALTY, cornerPixels > MAX_CORNER_PIXELS ? finding + remedy
                : finding + ", and in poor light smaller ones" + remedy);
    }

    /** Dotted eyes: found only while the dots blur into solid shapes, at few pixels per module. */
    private static void dotted(String finding, String alternatives, double pixels, Findings findings) {
        if (pixels >= DOTS_MERGE_PIXELS) {
            findings.forceRisky();
            findings.deduct(UNFINDABLE_EYE_PENALTY, finding + " — use " + alternatives);
        } else {
            findings.deduct(FRAGILE_EYE_PENALTY, finding + "; at " + tenths(pixels) + " px per module the dots still"
                    + " blur together, but any larger rendering loses the eyes — use " + alternatives);
        }
    }

    private static void assessLogo(RenderSpec spec, Findings findings) {
        double coverage = spec.logoCoverage();
        ErrorCorrection level = spec.matrix().errorCorrection();
        double budget = level.recoverable();
        if (coverage <= SAFE_LOGO_SHARE * budget) {
            return;
        }
        String finding = "the logo " + (spec.logo().clearModules() ? "and its margin cover " : "covers ")
                + percent(coverage) + " % of the code; error correction " + level + " recovers about "
                + percent(budget) + " %";
        String remedy = logoRemedy(spec, level);
        if (coverage > MAX_LOGO_SHARE * budget) {
            findings.forceRisky();
            findings.deduct(EXCESSIVE_LOGO_PENALTY, finding + ", too little is left for print flaws and glare: "
                    + remedy);
        } else {
            findings.deduct(HEAVY_LOGO_PENALTY, finding + ", so a smudge or reflection can break it: " + remedy);
        }
    }

    /** The largest logo size, in hundredths, whose coverage stays safe; or, if none does, what else to change. */
    private static String logoRemedy(RenderSpec spec, ErrorCorrection level) {
        Logo logo = spec.logo();
        String stronger = level == ErrorCorrection.H ? "" : ", or use error correction H";
        for (int steps = (int) Math.floor(logo.size() * LOGO_SIZE_STEPS) - 1; steps > 0; steps--) {
            double size = (double) steps / LOGO_SIZE_STEPS;
            RenderSpec smaller = new RenderSpec(spec.matrix(), spec.size(), spec.margin(), spec.design(),
                    new Logo(logo.image(), size, logo.margin(), logo.clearModules()));
            if (smaller.logoCoverage() <= SAFE_LOGO_SHARE * level.recoverable()) {
                return "shrink the logo to " + size + stronger;
            }
        }
        return "leave the logo out" + stronger;
    }

    private static long percent(double share) {
        return Math.round(share * PERCENT);
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

        /**
         * The verdict: RISKY only on evidence of failure; thin margins, however many, leave a code ACCEPTABLE, as
         * the calibration grid's codes with several of them still decoded.
         */
        Safety toSafety(boolean verified) {
            int score = Math.max(0, PERFECT_SCORE - penalty);
            score = risky ? Math.min(score, ACCEPTABLE_MIN_SCORE - 1) : Math.max(score, ACCEPTABLE_MIN_SCORE);
            SafetyStatus status = score >= OPTIMAL_MIN_SCORE ? SafetyStatus.OPTIMAL
                    : score >= ACCEPTABLE_MIN_SCORE ? SafetyStatus.ACCEPTABLE
                    : SafetyStatus.RISKY;
            return new Safety(score, status, warnings, verified);
        }
    }
}
