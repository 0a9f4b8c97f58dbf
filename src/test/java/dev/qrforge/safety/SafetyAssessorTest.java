package dev.qrforge.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.Eye;
import dev.qrforge.render.EyeBallStyle;
import dev.qrforge.render.EyeFrameStyle;
import dev.qrforge.render.Eyes;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.Logo;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.RasterRenderer;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import dev.qrforge.testing.Logos;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The verdict's rules, each on a code actually drawn and read back ({@link #judge}), or, where a rule is about what
 * the decoders found, on a read-back stated outright.
 */
class SafetyAssessorTest {

    private static final String URL = "https://example.com/products/42?ref=flyer";

    private static RenderSpec spec(int size, int margin, Design design) {
        return new RenderSpec(QrEncoder.encode(URL, ErrorCorrection.M), size, margin, design);
    }

    private static Design solid(String foreground, String background) {
        return new Design(BodyStyle.SQUARE, Rgb.parseHex(foreground).orElseThrow(), Rgb.parseHex(background).orElseThrow(),
                null);
    }

    /** What the service does: draws the code, reads it back with both decoders, judges it. */
    private static Safety judge(RenderSpec spec) {
        return SafetyAssessor.assess(spec, read(spec));
    }

    private static Readback read(RenderSpec spec) {
        DecodeSample sample = DecodeSample.forCode(spec);
        RasterRenderer.streamRows(spec, sample);
        return DecodeVerifier.read(sample, spec, URL);
    }

    /** Both decoders read it, as delivered and in the camera view, at full contrast. */
    private static final Readback READ = new Readback(true, true, true, true, true, 21);

    @Test
    void blackOnWhiteWithStandardQuietZoneIsPerfect() {
        Safety safety = judge(spec(300, 4, Design.DEFAULT));
        assertThat(safety.score()).isEqualTo(100);
        assertThat(safety.status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(safety.warnings()).isEmpty();
        assertThat(safety.verified()).isTrue();
    }

    @Test
    void eachOfOurDecodersFailingCostsWhatTheCalibrationSaysAndIsNamed() {
        RenderSpec spec = spec(300, 4, Design.DEFAULT);
        Safety boofcv = SafetyAssessor.assess(spec, new Readback(true, false, true, true, false, 21));
        assertThat(boofcv.score()).isEqualTo(100 - SafetyAssessor.BOOFCV_UNREAD_POINTS
                - SafetyAssessor.CAMERA_VIEW_HALF_READ_POINTS);
        assertThat(boofcv.status()).as("one decoder failing alone does not force RISKY").isNotEqualTo(SafetyStatus.RISKY);
        assertThat(boofcv.verified()).isFalse();
        assertThat(boofcv.warnings().get(0)).contains("BoofCV", "could not read");
        assertThat(boofcv.deductions()).extracting(Deduction::signal).containsExactly("boofcv_unread", "camera_view");
        Safety zxing = SafetyAssessor.assess(spec, new Readback(false, true, true, false, true, 21));
        assertThat(zxing.warnings().get(0)).contains("ZXing", "could not read");
        assertThat(zxing.score()).isEqualTo(100 - SafetyAssessor.ZXING_UNREAD_POINTS
                - SafetyAssessor.CAMERA_VIEW_HALF_READ_POINTS);
        Safety neither = SafetyAssessor.assess(spec, new Readback(false, false, true, false, false, 21));
        assertThat(neither.score()).isEqualTo(100 - SafetyAssessor.ZXING_UNREAD_POINTS
                - SafetyAssessor.BOOFCV_UNREAD_POINTS - SafetyAssessor.CAMERA_VIEW_UNREAD_POINTS);
    }

    @Test
    void ourDecodersFailingOnShapedEyesIsWeighedApart() {
        RenderSpec circles = spec(300, 4, eyes(EyeFrameStyle.CIRCLE, EyeBallStyle.SQUARE));
        Safety safety = SafetyAssessor.assess(circles, new Readback(false, false, false, true, true, 21));
        assertThat(safety.score()).isEqualTo(100 - SafetyAssessor.ZXING_UNREAD_SHAPED_EYES_POINTS
                - SafetyAssessor.BOOFCV_UNREAD_SHAPED_EYES_POINTS - SafetyAssessor.ROUND_EYE_POINTS);
        assertThat(safety.warnings().get(0)).contains("strongly rounded or dotted eye frames");
    }

    @Test
    void failingTheCameraViewCostsPointsAndSaysHowLarge() {
        Safety safety = SafetyAssessor.assess(spec(300, 4, Design.DEFAULT), new Readback(true, true, true, false, false, 21));
        assertThat(safety.score()).isEqualTo(100 - SafetyAssessor.CAMERA_VIEW_UNREAD_POINTS);
        assertThat(safety.warnings()).singleElement().asString().contains("a third of its size", "already gives 6 px")
                .doesNotContain("at least");
        Safety smaller = SafetyAssessor.assess(spec(210, 4, Design.DEFAULT), new Readback(true, true, true, false,
                false, 21));
        assertThat(smaller.warnings()).first().asString().contains("a size of at least 222 px");
        assertThat(safety.deductions()).containsExactly(new Deduction("camera_view",
                SafetyAssessor.CAMERA_VIEW_UNREAD_POINTS));
    }

    @Test
    void paleGreyOnWhiteIsNeverOptimal() {
        Safety safety = judge(spec(300, 4, solid("#e0e0e0", "#ffffff")));
        assertThat(safety.status()).isNotEqualTo(SafetyStatus.OPTIMAL);
        assertThat(safety.deductions()).contains(new Deduction("contrast",
                IntStream.of(SafetyAssessor.CONTRAST_POINTS).sum()));
        assertThat(safety.warnings()).anySatisfy(w -> assertThat(w)
                .contains("foreground #e0e0e0", "background #ffffff", "1.3:1", "most scanners fail",
                        "darken the foreground"));
    }

    @Test
    void contrastCostsInTheBandsTheCalibrationFound() {
        // #5f5f5f on white has contrast 6.3:1, #808080 3.9:1, #a0a0a0 2.6:1.
        assertThat(SafetyAssessor.assess(spec(300, 4, solid("#5f5f5f", "#ffffff")), READ).warnings()).isEmpty();
        Safety low = SafetyAssessor.assess(spec(300, 4, solid("#808080", "#ffffff")), new Readback(true, true, true,
                true, true, 3.9));
        assertThat(low.score()).isEqualTo(100 - SafetyAssessor.CONTRAST_POINTS[3]);
        assertThat(low.status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(low.warnings()).singleElement().asString().contains("3.9:1", "4.5:1");
        Safety lower = SafetyAssessor.assess(spec(300, 4, solid("#a0a0a0", "#ffffff")), new Readback(true, true,
                true, true, true, 2.6));
        assertThat(lower.score()).isEqualTo(100 - SafetyAssessor.CONTRAST_POINTS[2] - SafetyAssessor.CONTRAST_POINTS[3]);
    }

    @Test
    void theScoreIsTheSumOfItsDeductions() {
        // Small modules (4.1 px), no quiet zone and contrast 2.6:1, read as delivered but not in the camera view.
        Safety safety = SafetyAssessor.assess(spec(120, 0, Design.DEFAULT), new Readback(true, true, true, false,
                false, 2.6));
        assertThat(safety.score()).isEqualTo(100 - safety.deductions().stream().mapToInt(Deduction::points).sum());
        assertThat(safety.deductions()).extracting(Deduction::signal)
                .containsExactly("camera_view", "contrast", "module_size", "quiet_zone");
        assertThat(safety.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
    }

    @Test
    void invertedColoursAreRiskyAndSaySwap() {
        Safety safety = judge(spec(300, 4, solid("#ffffff", "#000000")));
        assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(safety.warnings()).anySatisfy(w -> assertThat(w).contains("lighter than the background", "swap"));
    }

    @Test
    void smallModulesAreWarnedAbout() {
        // 100 px over 29 + 8 modules: 2.7 px per module.
        Safety small = SafetyAssessor.assess(spec(100, 4, Design.DEFAULT), READ);
        assertThat(small.score()).isEqualTo(100 - SafetyAssessor.MODULE_PIXEL_POINTS[1]
                - SafetyAssessor.MODULE_PIXEL_POINTS[2]);
        assertThat(small.warnings()).singleElement().asString().contains("2.7 px", "at least 222 px");
        Safety tiny = SafetyAssessor.assess(spec(60, 4, Design.DEFAULT), READ);
        assertThat(tiny.score()).isEqualTo(100 - IntStream.of(SafetyAssessor.MODULE_PIXEL_POINTS).sum());
        assertThat(tiny.warnings()).singleElement().asString().contains("1.6 px", "blur into each other");
    }

    @Test
    void printSizesAreJudgedInTheirOwnUnit() {
        // A short link at version 3: 29 + 8 modules. At 30 mm each is 0.81 mm, enough from 20 cm.
        RenderSpec shortLink = new RenderSpec(QrEncoder.encode("https://qrf.example/s/Ab3dE9x", ErrorCorrection.M),
                113, 4, Design.DEFAULT);
        Safety thirty = SafetyAssessor.assess(shortLink, READ, new PhysicalSize(30, false, 0));
        assertThat(thirty.status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(thirty.warnings()).isEmpty();
        Safety twelve = SafetyAssessor.assess(shortLink, READ, new PhysicalSize(12, false, 0));
        assertThat(twelve.warnings()).singleElement().asString().contains("0.32 mm wide at 12 mm", "20 cm",
                "at least 30 mm wide").doesNotContain("px");
        assertThat(twelve.score()).isEqualTo(100 - SafetyAssessor.TINY_PRINT_MODULE_POINTS);
        Safety inches = SafetyAssessor.assess(shortLink, READ, new PhysicalSize(0.5 * 25.4, true, 0));
        assertThat(inches.warnings()).singleElement().asString().contains("at 0.5 in", "at least 1.17 in wide")
                .doesNotContain("px");
        // A raster at a physical size is spoken of in its density, not its pixels.
        Safety lowDpi = SafetyAssessor.assess(shortLink.withSize(85), READ, new PhysicalSize(30, false, 72));
        assertThat(lowDpi.warnings()).singleElement().asString().contains("at 72 dpi", "at least 189 dpi");
    }

    @Test
    void missingQuietZoneIsWarnedAbout() {
        Safety none = SafetyAssessor.assess(spec(300, 0, Design.DEFAULT), READ);
        Safety narrow = SafetyAssessor.assess(spec(300, 2, Design.DEFAULT), READ);
        assertThat(none.warnings()).singleElement().asString().contains("quiet zone is 0 modules", "margin 4");
        assertThat(none.score()).isEqualTo(100 - SafetyAssessor.NO_QUIET_ZONE_POINTS
                - SafetyAssessor.THIN_QUIET_ZONE_POINTS);
        assertThat(SafetyAssessor.assess(spec(300, 1, Design.DEFAULT), READ).score())
                .isEqualTo(100 - SafetyAssessor.THIN_QUIET_ZONE_POINTS);
        assertThat(narrow.warnings()).singleElement().asString().contains("quiet zone is 2 modules");
        assertThat(narrow.deductions()).containsExactly(new Deduction("quiet_zone", 0));
        assertThat(narrow.score()).isEqualTo(100);
    }

    @Test
    void denseSymbolsAreWarnedAbout() {
        RenderSpec dense = new RenderSpec(QrEncoder.encode("x".repeat(600), ErrorCorrection.M), 2000, 4, Design.DEFAULT);
        Safety safety = SafetyAssessor.assess(dense, READ);
        assertThat(safety.warnings()).singleElement().asString().contains("version " + dense.matrix().version(), "dense");
    }

    @Test
    void gradientsAreJudgedWhereTheModulesAre() {
        // Black to #b0b0b0 (2.1:1 on white): the light end only reaches the far corner's modules.
        Design gradient = new Design(BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE,
                new Gradient(GradientType.LINEAR, Rgb.parseHex("#b0b0b0").orElseThrow()));
        RenderSpec spec = spec(300, 4, gradient);
        Readback readback = read(spec);
        assertThat(readback.moduleContrast()).isGreaterThan(Rgb.contrastRatio(Rgb.parseHex("#b0b0b0").orElseThrow(),
                Rgb.WHITE) + 1).isLessThan(21);
        Safety safety = SafetyAssessor.assess(spec, readback);
        assertThat(safety.status()).isNotEqualTo(SafetyStatus.RISKY);
        assertThat(safety.warnings()).allSatisfy(w -> assertThat(w).contains("the modules' colours")
                .doesNotContain("#b0b0b0 on"));
        // Ending in #e0e0e0, a whole band of modules all but vanishes.
        Design pale = new Design(BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE,
                new Gradient(GradientType.LINEAR, Rgb.parseHex("#e0e0e0").orElseThrow()));
        assertThat(read(spec(300, 4, pale)).moduleContrast()).isLessThan(readback.moduleContrast());
    }

    @Test
    void eyeColoursAreMeasuredWithTheModules() {
        Design paleEyes = new Design(BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE, null,
                Eyes.same(new Eye(EyeFrameStyle.SQUARE, EyeBallStyle.SQUARE, Rgb.parseHex("#d0d0d0").orElseThrow(),
                        null)));
        Safety safety = judge(spec(300, 4, paleEyes));
        assertThat(safety.status()).isNotEqualTo(SafetyStatus.OPTIMAL);
        assertThat(safety.warnings()).anySatisfy(w -> assertThat(w).contains("the modules' colours", "1.5:1"));
    }

    private static final String AREA = "x=10, y=20, 300×300 px";

    @Test
    void placedCodesAreJudgedByTheMeasuredGroundNotTheDesignBackground() {
        RenderSpec blackOnBlack = spec(300, 4, solid("#000000", "#000000"));
        Safety calm = SafetyAssessor.assessPlaced(blackOnBlack, READ, new Backdrop(AREA, 21, 1));
        assertThat(calm.status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(calm.warnings()).isEmpty();
        Safety dark = SafetyAssessor.assessPlaced(spec(300, 4, Design.DEFAULT), READ, new Backdrop(AREA, 1.4, 1));
        assertThat(dark.score()).isEqualTo(100 - IntStream.of(SafetyAssessor.GROUND_CONTRAST_POINTS).sum());
        assertThat(dark.warnings()).singleElement().asString()
                .contains("(at " + AREA + ")", "1.4:1", "most scanners fail", "placement.plate");
    }

    @Test
    void texturedGroundCostsAndBusyGroundIsRisky() {
        Safety textured = SafetyAssessor.assessPlaced(spec(300, 4, Design.DEFAULT), READ, new Backdrop(AREA, 21, 1.6));
        assertThat(textured.status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(textured.score()).isEqualTo(100 - SafetyAssessor.RESTLESS_GROUND_POINTS);
        assertThat(textured.warnings()).singleElement().asString().contains("textured", "1.6:1", "placement.plate");
        Safety busy = SafetyAssessor.assessPlaced(spec(300, 4, Design.DEFAULT), READ, new Backdrop(AREA, 21, 2));
        assertThat(busy.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(busy.warnings()).singleElement().asString().contains("(at " + AREA + ") is busy", "2:1");
    }

    @Test
    void unreadablePlacedCodesSuggestAPlate() {
        Safety safety = SafetyAssessor.assessPlaced(spec(300, 4, Design.DEFAULT), new Readback(false, false, true, false, false, 21),
                new Backdrop(AREA, 21, 1));
        assertThat(safety.status()).as("the grid has no backgrounds: both failing a placed code is still RISKY")
                .isEqualTo(SafetyStatus.RISKY);
        assertThat(safety.warnings()).hasSize(3).allSatisfy(w -> assertThat(w).contains("placement.plate"));
        assertThat(safety.verified()).isFalse();
    }

    @Test
    void aTransparentCodeIsJudgedOnAWhiteSurfaceAndSaysSo() {
        Design dark = new Design(BodyStyle.SQUARE, Rgb.BLACK, null, null);
        Safety safety = judge(spec(300, 4, dark));
        assertThat(safety.score()).isEqualTo(100 - SafetyAssessor.TRANSPARENT_POINTS);
        assertThat(safety.warnings()).singleElement().asString().contains("transparent", "white or light surface");
        Design light = new Design(BodyStyle.SQUARE, Rgb.parseHex("#f0f0f0").orElseThrow(), null, null);
        Safety lightOne = judge(spec(300, 4, light));
        assertThat(lightOne.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(lightOne.warnings()).anySatisfy(w -> assertThat(w).contains("#f0f0f0 is lighter than mid-grey",
                "dark foreground"));
    }

    @Test
    void roundedAndDottedEyesCostWhatTheCalibrationFound() {
        for (EyeFrameStyle frame : new EyeFrameStyle[] {EyeFrameStyle.CIRCLE, EyeFrameStyle.EXTRA_ROUNDED,
                EyeFrameStyle.LEAF}) {
            Safety safety = SafetyAssessor.assess(spec(300, 4, eyes(frame, EyeBallStyle.SQUARE)), READ);
            assertThat(safety.score()).as(frame.name()).isEqualTo(100 - SafetyAssessor.ROUND_EYE_POINTS);
            assertThat(safety.warnings()).singleElement().asString().contains("square outline",
                    "square, rounded or cut");
        }
        assertThat(SafetyAssessor.assess(spec(1000, 4, eyes(EyeFrameStyle.ROUNDED, EyeBallStyle.SQUARE)), READ)
                .warnings()).isEmpty();
        Safety dottedFrame = SafetyAssessor.assess(spec(300, 4, eyes(EyeFrameStyle.DOTS, EyeBallStyle.SQUARE)), READ);
        assertThat(dottedFrame.score()).isEqualTo(100);
        assertThat(dottedFrame.warnings()).singleElement().asString().contains("no outline");
        Safety dots = SafetyAssessor.assess(spec(300, 4, eyes(EyeFrameStyle.SQUARE, EyeBallStyle.DOTS)), READ);
        assertThat(dots.score()).isEqualTo(100 - SafetyAssessor.DOTTED_BALL_POINTS);
        assertThat(dots.warnings()).singleElement().asString().contains("solid centre");
    }

    @Test
    void logosAreJudgedAgainstWhatTheErrorCorrectionRecovers() {
        assertThat(SafetyAssessor.assess(logo(ErrorCorrection.H, 0.2), READ).status())
                .isEqualTo(SafetyStatus.OPTIMAL);
        Safety heavy = SafetyAssessor.assess(logo(ErrorCorrection.M, 0.25), READ);
        assertThat(heavy.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
        assertThat(heavy.warnings()).singleElement().asString()
                .matches(".*the logo and its margin hide \\d+ % of the code's modules \\(left out\\); error"
                        + " correction M recovers about 15 %.*")
                .contains("shrink the logo to 0.", "or use error correction H");
        Safety excessive = SafetyAssessor.assess(logo(ErrorCorrection.L, 0.3), READ);
        assertThat(excessive.score()).isEqualTo(100 - SafetyAssessor.EXCESSIVE_LOGO_POINTS);
        assertThat(excessive.warnings()).singleElement().asString().contains("error correction L recovers about 7 %");
    }

    @Test
    void aLogoLikeAnEyeIsCalledOut() {
        Safety safety = SafetyAssessor.assess(logo(ErrorCorrection.H, 0.2, Logos.finderLike(90, Color.BLACK), true),
                READ);
        assertThat(safety.deductions()).contains(new Deduction("finder_like_logo",
                SafetyAssessor.FINDER_LIKE_LOGO_POINTS));
        assertThat(safety.warnings()).anySatisfy(w -> assertThat(w).contains("fourth eye", "1:1:3:1:1"));
    }

    @Test
    void aPhotographAsLogoIsCalledOutAndSaysToClearTheModules() {
        BufferedImage photo = Logos.photo(200, 1);
        Safety cleared = SafetyAssessor.assess(logo(ErrorCorrection.H, 0.2, photo, true), READ);
        Safety over = SafetyAssessor.assess(logo(ErrorCorrection.H, 0.2, photo, false), READ);
        assertThat(cleared.score()).isEqualTo(100 - SafetyAssessor.BUSY_LOGO_POINTS);
        assertThat(cleared.warnings()).singleElement().asString().contains("busy like a photograph");
        assertThat(over.warnings()).anySatisfy(w -> assertThat(w).contains("busy like a photograph",
                "drawn over the modules", "clearModules"));
        assertThat(over.score()).isLessThanOrEqualTo(cleared.score());
    }

    private static Design eyes(EyeFrameStyle frame, EyeBallStyle ball) {
        return new Design(BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE, null, Eyes.same(new Eye(frame, ball, null, null)));
    }

    private static RenderSpec logo(ErrorCorrection level, double size) {
        return logo(level, size, new BufferedImage(10, 10, BufferedImage.TYPE_INT_ARGB), true);
    }

    private static RenderSpec logo(ErrorCorrection level, double size, BufferedImage image, boolean clear) {
        return new RenderSpec(QrEncoder.encode(URL, level), 600, 4, Design.DEFAULT,
                new Logo(image, size, clear ? 1 : 0, clear));
    }
}
