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
 * in a warning a designer can act on; the score's band is the status (OPTIMAL from 80, ACCEPTABLE from 50, RISKY
 * below).
 *
 * <p>Evidence comes first: the service reads every delivered image back with two independent decoders
 * ({@link DecodeVerifier}). When either fails, the code is RISKY whatever else is true (its score is capped below 50);
 * when both read it but not as the {@link CameraView} sees it (further away, slightly out of focus), it is not
 * OPTIMAL. The traits scored below are what the calibration suite (ScannabilityCalibrationTest,
 * docs/scannability-calibration.md) found makes other scanners (zbar, phones in poor light) fail on codes both our
 * decoders read: their penalties are sized so that such codes fall out of OPTIMAL, and so that codes that read
 * everywhere are rarely RISKY. All thresholds and penalties are the constants below; docs/api.md lists them.
 */
public final class SafetyAssessor {

    static final int PERFECT_SCORE = 100;
    static final int OPTIMAL_MIN_SCORE = 80;
    static final int ACCEPTABLE_MIN_SCORE = 50;
    private static final int PERCENT = 100;

    /** One of our decoders could not read the rendering: the strongest evidence there is, so it forces RISKY. */
    static final int UNVERIFIED_PENALTY = 50;
    /** Both read it, but not as the camera view sees it: no margin left for distance, focus or print. */
    static final int CAMERA_VIEW_PENALTY = 25;

    /*
     * WCAG contrast between the light and the dark modules, measured where the modules are (Readback's
     * moduleContrast). Scanners binarise by luminance: below 2:1 the decoders failed; up to 7:1 (WCAG's enhanced
     * level) zbar failed on some codes our decoders read.
     */
    static final double MIN_CONTRAST = 2;
    static final double LOW_CONTRAST = 4.5;
    static final double SAFE_CONTRAST = 7;
    static final int INSUFFICIENT_CONTRAST_PENALTY = 55;
    static final int LOW_CONTRAST_PENALTY = 30;
    static final int MODERATE_CONTRAST_PENALTY = 21;

    /** Light on dark: ZXing, zbar and most phone scanners look only for dark modules on a light ground. */
    static final int INVERTED_PENALTY = 30;

    /** The luminance that contrasts equally with black and with white: lighter colours are "light". */
    static final double MID_GREY_LUMINANCE = 0.179;

    /*
     * Image pixels per module. Below 2 anti-aliasing smears neighbouring modules together; below 4 codes decoded but
     * failed once the image was blurred or rescaled. Under CameraView.REDUCTION × 2 = 6 the camera view has fewer
     * than 2 pixels per module and fails, which costs CAMERA_VIEW_PENALTY on top.
     */
    static final double MIN_MODULE_PIXELS = 2;
    static final double SAFE_MODULE_PIXELS = 4;
    static final int TINY_MODULE_PENALTY = 30;
    static final int SMALL_MODULE_PENALTY = 10;

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
     * SAFE_LOGO_SHARE of the budget leaves enough; beyond MAX_LOGO_SHARE nothing is left.
     */
    static final double SAFE_LOGO_SHARE = 0.5;
    static final double MAX_LOGO_SHARE = 1;
    static final int HEAVY_LOGO_PENALTY = 25;
    static final int EXCESSIVE_LOGO_PENALTY = 40;
    /** Logo sizes are suggested in steps a designer can act on: hundredths of the code's width. */
    private static final int LOGO_SIZE_STEPS = 100;

    /*
     * What the logo looks like (LogoTraits). A photograph changes from one module to the next like modules do, and
     * where it is drawn over the modules, or borders them, binarising scanners see spurious modules; a shape in the
     * eyes' proportions is taken for a fourth eye.
     */
    static final double BUSY_LOGO = 1.1;
    static final int BUSY_LOGO_PENALTY = 21;
    static final int BUSY_LOGO_OVER_MODULES_PENALTY = 30;
    static final int FINDER_LIKE_LOGO_PENALTY = 30;

    /*
     * Eyes. Scanners that find a finder pattern by its outline as a quadrilateral (BoofCV, and phones' own
     * detectors) lose frames whose corners are rounded or cut by more than a module, and smaller roundings once
     * they span more than about CORNER_MARGIN_PIXELS; when both our decoders read such eyes anyway, what is left is
     * advice. Outline-finders also miss dotted frames, which the calibration grid's zbar and ZXing mostly read.
     * ZXing and zbar need a solid centre (dark runs across the eye in the ratio 1:1:3:1:1), which dotted balls lack
     * once the dots are distinct, from DOTS_MERGE_PIXELS per module: a read of the SVG's check raster at 6 px per
     * module then says little of the same code shown larger, so such balls cost enough to be RISKY.
     */
    static final double MAX_CORNER_MODULES = 1;
    static final double CORNER_MARGIN_PIXELS = 8;
    static final double DOTS_MERGE_PIXELS = 4;
    static final int ROUND_EYE_PENALTY = 10;
    static final int DOTTED_EYE_PENALTY = 21;
    static final int DISTINCT_DOTS_BALL_PENALTY = 55;

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

    /** Assesses a rendering from what was read back of it ({@link DecodeVerifier#read}). */
    public static Safety assess(RenderSpec spec, Readback readback) {
        Findings findings = new Findings();
        assessReadback(readback, spec, REDRAW_REMEDY, findings);
        assessContrast(spec.design(), readback.moduleContrast(), findings);
        assessGeometry(spec, findings);
        return findings.toSafety(readback.verified());
    }

    /**
     * Whether the design alone, read by both decoders, would still be RISKY: then another mask pattern, which
     * changes nothing else, cannot save it.
     */
    public static boolean riskyEvenIfRead(RenderSpec spec, Readback readback) {
        return assess(spec, readback.asIfRead()).status() == SafetyStatus.RISKY;
    }

    /**
     * Assesses a code drawn with a transparent background over an image: as {@link #assess}, but the contrast is the
     * one measured against the image, whose texture is judged too; the design's background colour plays no part.
     *
     * @param spec     the code as placed: {@code spec.size()} is its edge on the image
     * @param readback what was read back of the composite, over the code's box
     */
    public static Safety assessPlaced(RenderSpec spec, Readback readback, Backdrop backdrop) {
        Findings findings = new Findings();
        assessReadback(readback, spec, PLATE_REMEDY + ", or " + REDRAW_REMEDY, findings);
        gradeContrast(backdrop.contrast(), "the image under the code's light modules and quiet zone (at "
                + backdrop.area() + ") has contrast " + tenths(backdrop.contrast()) + ":1 with its dark modules",
                PLATE_REMEDY, findings);
        assessBusyness(backdrop, findings);
        assessGeometry(spec, findings);
        return findings.toSafety(readback.verified());
    }

    private static void assessReadback(Readback readback, RenderSpec spec, String remedy, Findings findings) {
        if (!readback.verified()) {
            String failed = readback.zxing() ? "BoofCV, whose detector finds eyes by their square outline,"
                    : readback.boofcv() ? "ZXing, the engine of most Android scanning apps,"
                    : "neither of our two decoders (ZXing and BoofCV)";
            findings.forceRisky();
            findings.deduct(UNVERIFIED_PENALTY, (readback.zxing() || readback.boofcv() ? failed + " could not"
                    : failed + " could") + " read this rendering back, so phones are likely to fail too — " + remedy);
        } else if (!readback.cameraView()) {
            int safeSize = (int) Math.ceil(spec.totalModules() * 2.0 * CameraView.REDUCTION);
            findings.deduct(CAMERA_VIEW_PENALTY, "the code reads as delivered, but not as a camera sees it from a"
                    + " little further away or slightly out of focus (at a third of its size, blurred), so it leaves"
                    + " no margin for distance, focus or print — show or print it larger (a size of at least "
                    + safeSize + " px), or " + REDRAW_REMEDY);
        }
    }

    private static void assessGeometry(RenderSpec spec, Findings findings) {
        assessModuleSize(spec, findings);
        assessQuietZone(spec.margin(), findings);
        assessDensity(spec.matrix(), findings);
        assessEyes(spec, findings);
        assessLogo(spec, findings);
    }

    private static void assessContrast(Design design, double moduleContrast, Findings findings) {
        Rgb background = design.transparent() ? Rgb.WHITE : design.background();
        String ground = design.transparent() ? "a white surface" : "background " + background.hex();
        List<Rgb> darks = design.darkColours();
        Rgb weakest = darks.stream().max(Comparator.comparingDouble(Rgb::relativeLuminance)).orElseThrow();
        if (design.transparent()) {
            findings.deduct(0, "the background is transparent: this verdict assumes the code is placed on a white or"
                    + " light surface; on dark, busy or patterned ground it will not scan");
        }
        if (design.transparent() && weakest.relativeLuminance() > MID_GREY_LUMINANCE) {
            findings.deduct(0, "the foreground " + weakest.hex() + " is lighter than mid-grey, so on a light surface"
                    + " it stands out poorly, and on a dark one most scanners cannot read light modules — use a dark"
                    + " foreground, or an opaque light background behind it");
        } else if (!design.transparent() && weakest.relativeLuminance() > background.relativeLuminance()) {
            findings.deduct(INVERTED_PENALTY, "the foreground " + weakest.hex() + " is lighter than the "
                    + ground + "; most scanners only read dark codes on a light background — swap the colours");
            return;
        }
        List<Rgb> stops = design.foregroundStops();
        String painted = stops.size() > 1 || !stops.containsAll(darks) ? "the modules' colours (the lightest tenth"
                + " of the dark modules, as drawn)" : "foreground " + design.foreground().hex();
        String remedy = design.transparent() ? "darken the foreground"
                + (stops.size() > 1 ? " and the gradient's second colour" : "")
                : "darken the foreground" + (stops.size() > 1 ? " and the gradient's second colour" : "")
                + " or lighten the background";
        gradeContrast(moduleContrast, painted + " on " + ground + " have contrast " + tenths(moduleContrast) + ":1",
                remedy, findings);
    }

    private static void gradeContrast(double ratio, String finding, String remedy, Findings findings) {
        if (ratio < MIN_CONTRAST) {
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
            assessFrame(frame, pixels, findings);
        }
        if (balls.contains(EyeBallStyle.DOTS)) {
            String finding = "eye ball style 'dots' leaves the eye without the solid centre that scanners checking"
                    + " its proportions (ZXing- and zbar-based ones) look for";
            String remedy = " — use square, rounded, circle, leaf, diamond or star balls";
            if (pixels >= DOTS_MERGE_PIXELS) {
                findings.deduct(DISTINCT_DOTS_BALL_PENALTY, finding + ", and at " + tenths(pixels) + " px per module"
                        + " the dots are distinct, so they lose it in most renderings" + remedy);
            } else {
                findings.deduct(DOTTED_EYE_PENALTY, finding + "; at " + tenths(pixels) + " px per module the dots"
                        + " still blur together, but any larger rendering loses the eyes" + remedy);
            }
        }
    }

    private static void assessFrame(EyeFrameStyle frame, double pixels, Findings findings) {
        String name = "eye frame style '" + WireNames.of(frame) + "'";
        if (frame == EyeFrameStyle.DOTS) {
            findings.deduct(DOTTED_EYE_PENALTY, name + " has no outline for scanners that find eyes by their square"
                    + " outline (BoofCV-based ones and many phones' own) — use " + SAFE_FRAMES + " frames");
            return;
        }
        double corner = frame.corner();
        if (corner > MAX_CORNER_MODULES || corner * pixels > CORNER_MARGIN_PIXELS) {
            findings.deduct(ROUND_EYE_PENALTY, name + " rounds or cuts the eyes' corners by " + tenths(corner)
                    + (corner == 1 ? " module" : " modules") + " (" + tenths(corner * pixels) + " px); scanners that"
                    + " find eyes by their square outline (BoofCV-based ones and many phones' own) lose strongly"
                    + " rounded corners — " + SAFE_FRAMES + " frames are the safest");
        }
    }

    private static void assessLogo(RenderSpec spec, Findings findings) {
        if (spec.logo() == null) {
            return;
        }
        assessLogoCoverage(spec, findings);
        LogoTraits traits = LogoTraits.of(spec);
        boolean over = !spec.logo().clearModules();
        if (traits.finderLike()) {
            findings.deduct(FINDER_LIKE_LOGO_PENALTY, "the logo holds a shape in the proportions of the code's eyes"
                    + " (a dark ring around a dark centre, 1:1:3:1:1, at about their size), which scanners take for a"
                    + " fourth eye — use a logo without concentric rings or squares, or draw it much larger or"
                    + " smaller than the eyes");
        }
        if (traits.busyness() >= BUSY_LOGO) {
            findings.deduct(over ? BUSY_LOGO_OVER_MODULES_PENALTY : BUSY_LOGO_PENALTY, "the logo is busy like a photograph"
                    + " (half of its points differ by " + hundredths(traits.busyness()) + ":1 or more in contrast from"
                    + " the points a module away)" + (over ? " and drawn over the modules, so scanners see its texture as modules"
                    + " — clear the modules under it (design.logo.clearModules), or use a flat, simple mark"
                    : ", and scanners take texture next to modules for modules — use a flat, simple mark, or a"
                    + " wider logo margin"));
        }
    }

    private static void assessLogoCoverage(RenderSpec spec, Findings findings) {
        double coverage = spec.logoCoverage();
        ErrorCorrection level = spec.matrix().errorCorrection();
        double budget = level.recoverable();
        if (coverage <= SAFE_LOGO_SHARE * budget) {
            return;
        }
        String finding = "the logo " + (spec.logo().clearModules() ? "and its margin hide " : "hides ")
                + percent(coverage) + " % of the code's modules" + (spec.logo().clearModules() ? " (left out)"
                : " (drawn over)") + "; error correction " + level + " recovers about " + percent(budget) + " %";
        String remedy = logoRemedy(spec, level);
        if (coverage > MAX_LOGO_SHARE * budget) {
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

    private static String hundredths(double value) {
        return String.format(Locale.ROOT, "%.2f", Math.floor(value * 100) / 100);
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

        /** The verdict: the score's band, the score capped below ACCEPTABLE on evidence of failure. */
        Safety toSafety(boolean verified) {
            int score = Math.max(0, PERFECT_SCORE - penalty);
            score = risky ? Math.min(score, ACCEPTABLE_MIN_SCORE - 1) : score;
            SafetyStatus status = score >= OPTIMAL_MIN_SCORE ? SafetyStatus.OPTIMAL
                    : score >= ACCEPTABLE_MIN_SCORE ? SafetyStatus.ACCEPTABLE
                    : SafetyStatus.RISKY;
            return new Safety(score, status, warnings, verified);
        }
    }
}
