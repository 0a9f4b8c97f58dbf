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
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Scores how safely a rendered code will scan. Each finding deducts points from a perfect score and explains itself
 * in a warning a designer can act on; the score's band is the status (OPTIMAL from 80, ACCEPTABLE from 50, RISKY
 * below). Every finding is also a {@link Deduction} naming its {@link Signal}, so a client can show what cost points.
 *
 * <p>The truth the points are fitted to is what decoders the service does not embed read: the calibration suite
 * (ScannabilityCalibrationTest, docs/scannability-calibration.md) renders a grid of thousands of designs and has a
 * panel of zbar, zxing-cpp and OpenCV's WeChat detector read each one, as delivered and in the {@link CameraView}.
 * The service's own two decoders ({@link DecodeVerifier}) are evidence like any other trait: each signal costs what
 * a logistic regression on the grid's training half says it predicts a code the panel does not scan, scaled so that
 * the bands meet the suite's targets (src/test/scripts/fit-verdict.py), and the suite checks them on the held-out
 * half. Nothing forces RISKY but what the grid does not cover: a placed code over a busy image, or over one where
 * neither of our decoders reads it. docs/api.md lists the points.
 */
public final class SafetyAssessor {

    static final int PERFECT_SCORE = 100;
    static final int OPTIMAL_MIN_SCORE = 80;
    static final int ACCEPTABLE_MIN_SCORE = 50;
    private static final int PERCENT = 100;

    /*
     * Our decoders' reads, weighed apart for eyes with strongly rounded or dotted frames, which neither decoder's
     * finder search was written for: there both fail far more often (on more than half and nearly all such codes in
     * the grid),
     * and the panel, WeChat above all, still reads many of them, so a failure means something else than on
     * square-cornered eyes.
     */
    static final int ZXING_UNREAD_POINTS = 14;
    static final int ZXING_UNREAD_SHAPED_EYES_POINTS = 18;
    static final int BOOFCV_UNREAD_POINTS = 9;
    static final int BOOFCV_UNREAD_SHAPED_EYES_POINTS = 8;
    /** Neither reads the camera view: 85 % of such codes in the training half did not scan. */
    static final int CAMERA_VIEW_UNREAD_POINTS = 10;
    /** One of the two reads it: 6 % did not. */
    static final int CAMERA_VIEW_HALF_READ_POINTS = 8;

    /*
     * WCAG contrast between the light and the dark modules, measured where the modules are (Readback's
     * moduleContrast), in the bands the grid's failures fell in: below 1.5:1 most codes failed, below 2:1 many; from
     * 2:1 the panel read what our decoders read, and from 3:1 contrast made next to no difference. Each
     * band's points add to those of the bands above it, which a lower contrast is below too.
     */
    static final double[] CONTRAST_BANDS = {1.5, 2, 3, 4.5};
    static final int[] CONTRAST_POINTS = {15, 10, 0, 1};

    /** Light on dark: zbar and most phone scanners look only for dark modules on a light ground. */
    static final int INVERTED_POINTS = 45;
    /** A transparent code is judged on white, but scanned on whatever it is placed on. */
    static final int TRANSPARENT_POINTS = 14;

    /** The luminance that contrasts equally with black and with white: lighter colours are "light". */
    static final double MID_GREY_LUMINANCE = 0.179;

    /*
     * Image pixels per module. Below 6 the camera view keeps fewer than 2 pixels per module and no decoder reads it;
     * below 4 the panel failed more codes as delivered; below 2 anti-aliasing smears modules together. Each band's
     * points add to those of the bands above it.
     */
    static final double CAMERA_MODULE_PIXELS = CameraView.REDUCTION * 2.0;
    static final double[] MODULE_PIXEL_BANDS = {2, 4, CAMERA_MODULE_PIXELS};
    static final int[] MODULE_PIXEL_POINTS = {23, 11, 13};

    /*
     * A printed module, in millimetres. Phones resolve a module of about 1/250 of the distance they are held at
     * (the rule of thumb that a code should be a tenth of the scanning distance, for a symbol of 25 modules): at
     * SCAN_DISTANCE_MM, COMFORTABLE_PRINT_MODULE_MM; below MIN_PRINT_MODULE_MM a phone must come closer than most
     * cameras focus. The grid has no physical sizes, so these points mirror the pixel bands' (6 px, then 4 px).
     */
    static final double SCAN_DISTANCE_MM = 200;
    static final double MODULES_PER_SCAN_DISTANCE = 250;
    static final double COMFORTABLE_PRINT_MODULE_MM = SCAN_DISTANCE_MM / MODULES_PER_SCAN_DISTANCE;
    static final double MIN_PRINT_MODULE_MM = COMFORTABLE_PRINT_MODULE_MM / 2;
    static final int SMALL_PRINT_MODULE_POINTS = MODULE_PIXEL_POINTS[2];
    static final int TINY_PRINT_MODULE_POINTS = MODULE_PIXEL_POINTS[1] + MODULE_PIXEL_POINTS[2];

    /*
     * Quiet zone in modules. ISO/IEC 18004 asks for 4; the panel read codes with 2 or 3 as well as with 4 (so they
     * cost nothing, and the warning stays as advice), but failed more of those with none, and a few more with one.
     */
    static final int STANDARD_QUIET_ZONE = 4;
    static final int NO_QUIET_ZONE_POINTS = 6;
    static final int THIN_QUIET_ZONE_POINTS = 1;

    /** Symbol version: beyond 10 (57×57 modules) phones need it printed or shown larger; the panel barely minded. */
    static final int DENSE_VERSION = 10;
    static final int DENSE_POINTS = 3;

    /*
     * Logo coverage against what the error correction recovers. Hidden modules are errors the decoder must correct,
     * and a codeword with one hidden module is as wrong as one with eight, so a logo costs more of the budget than
     * its share of modules. Beyond SAFE_LOGO_SHARE of the budget the panel failed a third of the codes; beyond
     * MAX_LOGO_SHARE most.
     */
    static final double SAFE_LOGO_SHARE = 0.5;
    static final double MAX_LOGO_SHARE = 1;
    static final int HEAVY_LOGO_POINTS = 22;
    static final int EXCESSIVE_LOGO_POINTS = 57;
    /** Logo sizes are suggested in steps a designer can act on: hundredths of the code's width. */
    private static final int LOGO_SIZE_STEPS = 100;

    /*
     * What the logo looks like (LogoTraits). A photograph changes from one module to the next like modules do, and
     * binarising scanners see spurious modules (drawn over the modules, the panel failed no more of them than when
     * they were cleared); a shape in the eyes' proportions is taken for a fourth eye.
     */
    static final double BUSY_LOGO = 1.1;
    static final int BUSY_LOGO_POINTS = 8;
    static final int BUSY_LOGO_OVER_MODULES_POINTS = 0;
    static final int FINDER_LIKE_LOGO_POINTS = 7;

    /*
     * Eyes. Eye frames rounded like a circle, a leaf or extra-rounded cost a little on their own (the panel failed a
     * few more of them); dotted frames and balls, nothing the data could see beyond what the decoders' reads say.
     */
    static final int ROUND_EYE_POINTS = 4;
    static final int DOTTED_BALL_POINTS = 1;

    /*
     * Texture behind a code placed over an image (Backdrop.busyness). Photos and gradients stay close to
     * 1:1 from one module to the next; from 1.5:1 the ground starts to compete with the modules, and from 2:1
     * binarising scanners see spurious modules and broken finder patterns (forces RISKY).
     */
    static final double RESTLESS_GROUND = 1.5;
    /*
     * The calibration grid has no background images, so a placed code keeps the rules it had before the verdict was
     * fitted: the image under it against its dark modules in WCAG's bands (below 2:1 scanners failed, up to 7:1 zbar
     * failed on some), and our decoders both failing it forces RISKY.
     */
    static final double[] GROUND_CONTRAST_BANDS = {2, 4.5, 7};
    static final int[] GROUND_CONTRAST_POINTS = {25, 9, 21};
    static final double BUSY_GROUND = 2;
    static final int RESTLESS_GROUND_POINTS = 15;
    static final int BUSY_GROUND_POINTS = 40;

    private static final String REDRAW_REMEDY = "raise the contrast, choose square eyes and body, or a higher error"
            + " correction";
    private static final String PLATE_REMEDY = "add a plate (placement.plate) or place the code over a lighter,"
            + " calmer area";
    private static final String SAFE_FRAMES = "square, rounded or cut";
    /** More modules than a corner rounded by this many is an eye frame our decoders' finder searches miss. */
    private static final double MAX_CORNER_MODULES = 1;

    private SafetyAssessor() {
    }

    /** Assesses a rendering sized in pixels from what was read back of it ({@link DecodeVerifier#read}). */
    public static Safety assess(RenderSpec spec, Readback readback) {
        return assess(spec, readback, null);
    }

    /**
     * Assesses a rendering from what was read back of it; {@code physical}, when the request asked for a physical
     * size, is how the size is judged and spoken of (null for pixels).
     */
    public static Safety assess(RenderSpec spec, Readback readback, PhysicalSize physical) {
        Findings findings = new Findings();
        assessReadback(readback, spec, physical, REDRAW_REMEDY, findings);
        assessContrast(spec.design(), readback.moduleContrast(), findings);
        assessGeometry(spec, physical, findings);
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
        assessReadback(readback, spec, null, PLATE_REMEDY + ", or " + REDRAW_REMEDY, findings);
        if (!readback.zxing() && !readback.boofcv()) {
            findings.forceRisky();
        }
        gradeContrast(Signal.GROUND_CONTRAST, backdrop.contrast(), GROUND_CONTRAST_BANDS, GROUND_CONTRAST_POINTS,
                "the image under the code's light modules and quiet zone (at " + backdrop.area() + ") has contrast "
                + tenths(backdrop.contrast()) + ":1 with its dark modules", PLATE_REMEDY, findings);
        assessBusyness(backdrop, findings);
        assessGeometry(spec, null, findings);
        return findings.toSafety(readback.verified());
    }

    private static void assessReadback(Readback readback, RenderSpec spec, PhysicalSize physical, String remedy,
            Findings findings) {
        boolean shaped = shapedEyes(spec.design());
        if (!readback.zxing()) {
            findings.deduct(Signal.ZXING_UNREAD, shaped ? ZXING_UNREAD_SHAPED_EYES_POINTS : ZXING_UNREAD_POINTS,
                    "ZXing, the engine of most Android scanning apps, could not read this rendering back"
                    + (shaped ? " (its finder search was not written for strongly rounded or dotted eye frames)"
                    : "") + " — " + remedy);
        }
        if (!readback.boofcv()) {
            findings.deduct(Signal.BOOFCV_UNREAD, shaped ? BOOFCV_UNREAD_SHAPED_EYES_POINTS : BOOFCV_UNREAD_POINTS,
                    "BoofCV, whose detector finds eyes by their square outline, could not read this rendering back"
                    + " — " + remedy);
        }
        int cameraReads = (readback.zxingCamera() ? 1 : 0) + (readback.boofcvCamera() ? 1 : 0);
        if (cameraReads < 2) {
            int cameraPixels = (int) Math.ceil(spec.totalModules() * CAMERA_MODULE_PIXELS);
            // From 6 px per module (and an SVG is read at no more than that, whatever its nominal size) no size
            // would help.
            String larger = physical == null ? (spec.size() < cameraPixels ? "a size of at least " + cameraPixels
                    + " px" : "its size already gives 6 px per module; bolder modules help more")
                    : physical.vector() ? "a larger print size" : "at least " + cameraDpi(spec, physical) + " dpi";
            findings.deduct(Signal.CAMERA_VIEW, cameraReads == 0 ? CAMERA_VIEW_UNREAD_POINTS
                    : CAMERA_VIEW_HALF_READ_POINTS, (cameraReads == 0 ? "neither of our decoders" : "only one of our"
                    + " two decoders") + " reads the code as a camera sees it from a little further away or slightly"
                    + " out of focus (at a third of its size, blurred), so it leaves little margin for distance,"
                    + " focus or print — show or print it larger (" + larger + "), or " + remedy);
        }
    }

    /** Eye frames rounded by more than a module, or dotted: ones our decoders' finder searches miss. */
    private static boolean shapedEyes(Design design) {
        for (Eye eye : design.eyes().all()) {
            if (eye.frameStyle() == EyeFrameStyle.DOTS || eye.frameStyle().corner() > MAX_CORNER_MODULES) {
                return true;
            }
        }
        return false;
    }

    private static void assessGeometry(RenderSpec spec, PhysicalSize physical, Findings findings) {
        if (physical == null) {
            assessModuleSize(spec, findings);
        } else {
            assessPrintedModule(spec, physical, findings);
        }
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
            findings.deduct(Signal.TRANSPARENT, TRANSPARENT_POINTS, "the background is transparent: this verdict"
                    + " assumes the code is placed on a white or light surface; on dark, busy or patterned ground it"
                    + " will not scan — give it a background colour unless you will place it on light, plain ground");
        }
        if (design.transparent() && weakest.relativeLuminance() > MID_GREY_LUMINANCE) {
            findings.deduct(Signal.TRANSPARENT, 0, "the foreground " + weakest.hex() + " is lighter than mid-grey,"
                    + " so on a light surface it stands out poorly, and on a dark one most scanners cannot read light"
                    + " modules — use a dark foreground, or an opaque light background behind it");
        } else if (!design.transparent() && weakest.relativeLuminance() > background.relativeLuminance()) {
            findings.deduct(Signal.INVERTED, INVERTED_POINTS, "the foreground " + weakest.hex() + " is lighter than"
                    + " the " + ground + "; most scanners only read dark codes on a light background — swap the"
                    + " colours");
        }
        List<Rgb> stops = design.foregroundStops();
        String painted = stops.size() > 1 || !stops.containsAll(darks) ? "the modules' colours (the lightest tenth"
                + " of the dark modules, as drawn)" : "foreground " + design.foreground().hex();
        String remedy = "darken the foreground" + (stops.size() > 1 ? " and the gradient's second colour" : "")
                + (design.transparent() ? "" : " or lighten the background");
        gradeContrast(Signal.CONTRAST, moduleContrast, CONTRAST_BANDS, CONTRAST_POINTS, painted + " on " + ground
                + " have contrast "
                + tenths(moduleContrast) + ":1", remedy, findings);
    }

    /** Deducts the points of the lowest contrast band {@code ratio} falls in, the bands' points adding up. */
    private static void gradeContrast(Signal signal, double ratio, double[] bands, int[] bandPoints, String finding,
            String remedy, Findings findings) {
        int band = band(ratio, bands);
        if (band == bands.length) {
            return;
        }
        int points = points(band, bandPoints);
        String safe = tenths(bands[bands.length - 1]);
        String why = band == 0 ? "; below " + tenths(bands[0]) + ":1 most scanners fail"
                : band < bands.length - 1 ? "; scanners fail on some codes below " + tenths(bands[bands.length - 2])
                + ":1"
                : "; from " + safe + ":1 contrast makes no difference to scanners";
        findings.deduct(signal, points, finding + why + " — " + remedy + " (" + safe + ":1 or more is safe)");
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
            findings.deduct(Signal.BUSY_GROUND, BUSY_GROUND_POINTS, finding + "busy" + measure + ", and scanners take"
                    + " such texture for modules — " + PLATE_REMEDY);
        } else {
            findings.deduct(Signal.BUSY_GROUND, RESTLESS_GROUND_POINTS, finding + "textured" + measure + "; calm"
                    + " ground scans more reliably — " + PLATE_REMEDY);
        }
    }

    private static void assessModuleSize(RenderSpec spec, Findings findings) {
        double pixels = spec.moduleSize();
        int band = band(pixels, MODULE_PIXEL_BANDS);
        if (band == MODULE_PIXEL_BANDS.length) {
            return;
        }
        String why = band == 0 ? "; below " + tenths(MODULE_PIXEL_BANDS[0]) + " px modules blur into each other"
                : band == 1 ? "; below " + tenths(MODULE_PIXEL_BANDS[1]) + " px scanners miss modules once the image is"
                + " scaled or printed" : "; a camera a little further away sees fewer than 2 px per module";
        findings.deduct(Signal.MODULE_SIZE, points(band, MODULE_PIXEL_POINTS), "each module is only "
                + tenths(pixels) + " px wide at " + spec.size() + " px" + why + " — use a size of at least "
                + (int) Math.ceil(spec.totalModules() * CAMERA_MODULE_PIXELS) + " px (" + tenths(CAMERA_MODULE_PIXELS)
                + " px per module) or"
                + " shorter data");
    }

    /**
     * A physical size, judged and spoken of in the request's unit: the module's printed size against what a phone
     * resolves, and for a raster file its pixels per module at the stated density.
     */
    private static void assessPrintedModule(RenderSpec spec, PhysicalSize physical, Findings findings) {
        double module = physical.millimetres() / spec.totalModules();
        String edge = physical.inches() ? inches(physical.millimetres(), RoundingMode.HALF_UP) + " in"
                : tenths(physical.millimetres()) + " mm";
        if (module < COMFORTABLE_PRINT_MODULE_MM) {
            double needed = COMFORTABLE_PRINT_MODULE_MM * spec.totalModules();
            String larger = physical.inches() ? inches(needed, RoundingMode.CEILING) + " in"
                    : (int) Math.ceil(needed) + " mm";
            findings.deduct(Signal.PRINT_MODULE_SIZE, module < MIN_PRINT_MODULE_MM
                    ? TINY_PRINT_MODULE_POINTS : SMALL_PRINT_MODULE_POINTS, "each module is only "
                    + hundredths(module) + " mm wide at " + edge + "; a phone held " + (int) (SCAN_DISTANCE_MM / 10)
                    + " cm away needs modules of at least " + tenths(COMFORTABLE_PRINT_MODULE_MM) + " mm"
                    + (module < MIN_PRINT_MODULE_MM ? ", and below " + tenths(MIN_PRINT_MODULE_MM) + " mm it must"
                    + " come closer than most cameras focus" : "") + " — print it at least " + larger + " wide, or"
                    + " use shorter data");
        }
        if (physical.vector()) {
            return;
        }
        double pixels = spec.moduleSize();
        int band = band(pixels, MODULE_PIXEL_BANDS);
        if (band < MODULE_PIXEL_BANDS.length) {
            findings.deduct(Signal.MODULE_SIZE, points(band, MODULE_PIXEL_POINTS), "at " + physical.dpi()
                    + " dpi each module of this " + edge + " code is only " + tenths(pixels) + " px, and blurs once"
                    + " printed or scaled — use at least " + cameraDpi(spec, physical) + " dpi ("
                    + tenths(CAMERA_MODULE_PIXELS) + " px per module)");
        }
    }

    /** The density at which a raster of this physical size gets the camera view's 6 px per module. */
    private static int cameraDpi(RenderSpec spec, PhysicalSize physical) {
        return (int) Math.ceil(physical.dpi() * CAMERA_MODULE_PIXELS / spec.moduleSize());
    }

    /** The index of the first band {@code value} is below, or {@code bands.length} when it is below none. */
    private static int band(double value, double[] bands) {
        for (int band = 0; band < bands.length; band++) {
            if (value < bands[band]) {
                return band;
            }
        }
        return bands.length;
    }

    /** The points of {@code band} and of every band above it, which a value below it is below too. */
    private static int points(int band, int[] points) {
        int total = 0;
        for (int b = band; b < points.length; b++) {
            total += points[b];
        }
        return total;
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
            findings.deduct(Signal.QUIET_ZONE, NO_QUIET_ZONE_POINTS + THIN_QUIET_ZONE_POINTS, finding + ", and"
                    + " without one scanners cannot find where the code begins unless it is placed on a plain light"
                    + " surface" + remedy);
        } else if (margin == 1) {
            findings.deduct(Signal.QUIET_ZONE, THIN_QUIET_ZONE_POINTS, finding + "; with one, some scanners fail even"
                    + " on a plain light surface" + remedy);
        } else {
            findings.deduct(Signal.QUIET_ZONE, 0, finding + "; it scans when placed on a plain light surface"
                    + remedy + " if it will be printed next to other things");
        }
    }

    private static void assessDensity(QrMatrix matrix, Findings findings) {
        int version = matrix.version();
        if (version <= DENSE_VERSION) {
            return;
        }
        int modules = matrix.modules();
        findings.deduct(Signal.VERSION, DENSE_POINTS, "version " + version + " (" + modules + "×" + modules
                + " modules) is dense; phones need it printed or shown large — shorten the data (e.g. a short link)"
                + " or lower the error correction");
    }

    /** Each distinct eye style once, however many eyes share it. */
    private static void assessEyes(RenderSpec spec, Findings findings) {
        Set<EyeFrameStyle> frames = new LinkedHashSet<>();
        Set<EyeBallStyle> balls = new LinkedHashSet<>();
        for (Eye eye : spec.design().eyes().all()) {
            frames.add(eye.frameStyle());
            balls.add(eye.ballStyle());
        }
        for (EyeFrameStyle frame : frames) {
            String name = "eye frame style '" + WireNames.of(frame) + "'";
            if (frame == EyeFrameStyle.DOTS) {
                findings.deduct(Signal.EYE_FRAME, 0, name + " has no outline for scanners that find eyes by their"
                        + " square outline; most phones read it — " + SAFE_FRAMES + " frames are the safest");
            } else if (frame.corner() > MAX_CORNER_MODULES) {
                findings.deduct(Signal.EYE_FRAME, ROUND_EYE_POINTS, name + " rounds the eyes' corners by "
                        + tenths(frame.corner()) + " modules; scanners that find eyes by their square outline lose"
                        + " them, and a few more such codes failed in our tests — " + SAFE_FRAMES + " frames are the"
                        + " safest");
            }
        }
        if (balls.contains(EyeBallStyle.DOTS)) {
            findings.deduct(Signal.EYE_BALL, DOTTED_BALL_POINTS, "eye ball style 'dots' leaves the eye without the"
                    + " solid centre that scanners checking its proportions look for — use square, rounded, circle,"
                    + " leaf, diamond or star balls");
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
            findings.deduct(Signal.FINDER_LIKE_LOGO, FINDER_LIKE_LOGO_POINTS, "the logo holds a shape in the"
                    + " proportions of the code's eyes (a dark ring around a dark centre, 1:1:3:1:1, at about their"
                    + " size), which scanners take for a fourth eye — use a logo without concentric rings or squares,"
                    + " or draw it much larger or smaller than the eyes");
        }
        if (traits.busyness() >= BUSY_LOGO) {
            findings.deduct(Signal.BUSY_LOGO, over ? BUSY_LOGO_POINTS + BUSY_LOGO_OVER_MODULES_POINTS
                    : BUSY_LOGO_POINTS, "the logo is busy like a photograph (half of its points differ by "
                    + hundredths(traits.busyness()) + ":1 or more in contrast from the points a module away)"
                    + (over ? " and drawn over the modules, so scanners see its texture as modules — clear the modules"
                    + " under it (design.logo.clearModules), or use a flat, simple mark"
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
            findings.deduct(Signal.LOGO_COVERAGE, EXCESSIVE_LOGO_POINTS, finding + ", too little is left for print"
                    + " flaws and glare: " + remedy);
        } else {
            findings.deduct(Signal.LOGO_COVERAGE, HEAVY_LOGO_POINTS, finding + ", so a smudge or reflection can break"
                    + " it: " + remedy);
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

    /** Millimetres in inches, to hundredths and without trailing zeros, as people write "0.5 in". */
    private static String inches(double millimetres, RoundingMode rounding) {
        return BigDecimal.valueOf(millimetres / PhysicalSize.MILLIMETRES_PER_INCH).setScale(2, rounding)
                .stripTrailingZeros().toPlainString();
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
        private final List<Deduction> deductions = new ArrayList<>();
        private int penalty;
        private boolean risky;

        void deduct(Signal signal, int points, String warning) {
            penalty += points;
            warnings.add(warning);
            deductions.add(new Deduction(signal.wire(), points));
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
            return new Safety(score, status, warnings, verified, deductions);
        }
    }
}
