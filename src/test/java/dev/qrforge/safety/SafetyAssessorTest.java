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
    void eitherDecoderFailingIsRiskyAndNamesIt() {
        RenderSpec spec = spec(300, 4, Design.DEFAULT);
        Safety boofcv = SafetyAssessor.assess(spec, new Readback(true, false, true, false, false, 21));
        assertThat(boofcv.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(boofcv.score()).isEqualTo(SafetyAssessor.ACCEPTABLE_MIN_SCORE - 1);
        assertThat(boofcv.verified()).isFalse();
        assertThat(boofcv.warnings()).singleElement().asString().contains("BoofCV", "could not read");
        assertThat(SafetyAssessor.assess(spec, new Readback(false, true, true, false, false, 21)).warnings()).singleElement()
                .asString().contains("ZXing", "could not read");
        assertThat(SafetyAssessor.assess(spec, new Readback(false, false, true, false, false, 21)).warnings()).singleElement()
                .asString().contains("neither of our two decoders", "could read");
    }

    @Test
    void failingTheCameraViewKeepsACodeFromOptimal() {
        Safety safety = SafetyAssessor.assess(spec(300, 4, Design.DEFAULT), new Readback(true, true, true, false, false, 21));
        assertThat(safety.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
        assertThat(safety.score()).isEqualTo(100 - SafetyAssessor.CAMERA_VIEW_PENALTY);
        assertThat(safety.warnings()).singleElement().asString().contains("a third of its size", "at least 222 px");
    }

    @Test
    void paleGreyOnWhiteIsRisky() {
        Safety safety = judge(spec(300, 4, solid("#e0e0e0", "#ffffff")));
        assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(safety.warnings()).anySatisfy(w -> assertThat(w)
                .contains("foreground #e0e0e0", "background #ffffff", "1.3:1", "at least 2:1", "darken the foreground"));
    }

    @Test
    void contrastBelowSevenToOneIsAThinMargin() {
        // #5f5f5f on white has contrast 6.3:1, #808080 3.9:1: both read, but zbar failed on such codes in the grid.
        Safety moderate = judge(spec(300, 4, solid("#5f5f5f", "#ffffff")));
        Safety low = judge(spec(300, 4, solid("#808080", "#ffffff")));
        assertThat(moderate.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
        assertThat(moderate.score()).isEqualTo(100 - SafetyAssessor.MODERATE_CONTRAST_PENALTY);
        assertThat(moderate.warnings()).singleElement().asString().contains("6.3:1", "7:1");
        assertThat(low.score()).isEqualTo(100 - SafetyAssessor.LOW_CONTRAST_PENALTY);
    }

    @Test
    void theScoreIsTheSumOfItsPenaltiesWithNoFloor() {
        // Small modules (3.2 px), a thin quiet zone and moderate contrast, read everywhere but in the camera view.
        Safety safety = SafetyAssessor.assess(spec(120, 1, Design.DEFAULT), new Readback(true, true, true, false, false, 6));
        assertThat(safety.warnings()).hasSize(4);
        assertThat(safety.score()).isEqualTo(100 - SafetyAssessor.CAMERA_VIEW_PENALTY
                - SafetyAssessor.MODERATE_CONTRAST_PENALTY - SafetyAssessor.SMALL_MODULE_PENALTY
                - SafetyAssessor.THIN_QUIET_ZONE_PENALTY);
        assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
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
        assertThat(small.score()).isEqualTo(100 - SafetyAssessor.SMALL_MODULE_PENALTY);
        assertThat(small.warnings()).singleElement().asString().contains("2.7 px", "at least 148 px");
        Safety tiny = SafetyAssessor.assess(spec(60, 4, Design.DEFAULT), READ);
        assertThat(tiny.score()).isEqualTo(100 - SafetyAssessor.TINY_MODULE_PENALTY);
        assertThat(tiny.warnings()).singleElement().asString().contains("1.6 px", "blur into each other");
    }

    @Test
    void missingQuietZoneIsWarnedAbout() {
        Safety none = SafetyAssessor.assess(spec(300, 0, Design.DEFAULT), READ);
        Safety thin = SafetyAssessor.assess(spec(300, 1, Design.DEFAULT), READ);
        Safety narrow = SafetyAssessor.assess(spec(300, 2, Design.DEFAULT), READ);
        assertThat(none.warnings()).singleElement().asString().contains("quiet zone is 0 modules", "margin 4");
        assertThat(none.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(thin.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
        assertThat(narrow.warnings()).singleElement().asString().contains("quiet zone is 2 modules");
        assertThat(narrow.status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(narrow.score()).isLessThan(100);
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
        Safety dark = SafetyAssessor.assessPlaced(spec(300, 4, Design.DEFAULT), READ, new Backdrop(AREA, 1.5, 1));
        assertThat(dark.score()).isEqualTo(100 - SafetyAssessor.INSUFFICIENT_CONTRAST_PENALTY);
        assertThat(dark.warnings()).singleElement().asString()
                .contains("(at " + AREA + ")", "1.5:1", "at least 2:1", "placement.plate");
    }

    @Test
    void texturedGroundCostsAndBusyGroundIsRisky() {
        Safety textured = SafetyAssessor.assessPlaced(spec(300, 4, Design.DEFAULT), READ, new Backdrop(AREA, 21, 1.6));
        assertThat(textured.status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(textured.score()).isEqualTo(100 - SafetyAssessor.RESTLESS_GROUND_PENALTY);
        assertThat(textured.warnings()).singleElement().asString().contains("textured", "1.6:1", "placement.plate");
        Safety busy = SafetyAssessor.assessPlaced(spec(300, 4, Design.DEFAULT), READ, new Backdrop(AREA, 21, 2));
        assertThat(busy.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(busy.warnings()).singleElement().asString().contains("(at " + AREA + ") is busy", "2:1");
    }

    @Test
    void unreadablePlacedCodesSuggestAPlate() {
        Safety safety = SafetyAssessor.assessPlaced(spec(300, 4, Design.DEFAULT), new Readback(false, false, true, false, false, 21),
                new Backdrop(AREA, 21, 1));
        assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(safety.warnings()).singleElement().asString().contains("could read", "placement.plate");
    }

    @Test
    void aTransparentCodeIsJudgedOnAWhiteSurfaceAndSaysSo() {
        Design dark = new Design(BodyStyle.SQUARE, Rgb.BLACK, null, null);
        Safety safety = judge(spec(300, 4, dark));
        assertThat(safety.status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(safety.warnings()).singleElement().asString().contains("transparent", "white or light surface");
        Design light = new Design(BodyStyle.SQUARE, Rgb.parseHex("#f0f0f0").orElseThrow(), null, null);
        Safety lightOne = judge(spec(300, 4, light));
        assertThat(lightOne.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(lightOne.warnings()).anySatisfy(w -> assertThat(w).contains("#f0f0f0 is lighter than mid-grey",
                "dark foreground"));
    }

    @Test
    void roundedAndDottedFramesAreAdviceWhenBothDecodersReadThem() {
        for (EyeFrameStyle frame : new EyeFrameStyle[] {EyeFrameStyle.CIRCLE, EyeFrameStyle.EXTRA_ROUNDED,
                EyeFrameStyle.LEAF}) {
            Safety safety = SafetyAssessor.assess(spec(300, 4, eyes(frame, EyeBallStyle.SQUARE)), READ);
            assertThat(safety.score()).as(frame.name()).isEqualTo(100 - SafetyAssessor.ROUND_EYE_PENALTY);
            assertThat(safety.warnings()).singleElement().asString().contains("square outline",
                    "square, rounded or cut");
        }
        Safety dottedFrame = SafetyAssessor.assess(spec(300, 4, eyes(EyeFrameStyle.DOTS, EyeBallStyle.SQUARE)), READ);
        assertThat(dottedFrame.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
        assertThat(dottedFrame.warnings()).singleElement().asString().contains("no outline");
        // Dotted balls lose ZXing once the dots are distinct, whatever one rendering's read says.
        Safety dots = SafetyAssessor.assess(spec(300, 4, eyes(EyeFrameStyle.SQUARE, EyeBallStyle.DOTS)), READ);
        assertThat(dots.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(dots.warnings()).singleElement().asString().contains("solid centre", "distinct");
        Safety smallDots = SafetyAssessor.assess(spec(110, 4, eyes(EyeFrameStyle.SQUARE, EyeBallStyle.DOTS)), READ);
        assertThat(smallDots.score()).isEqualTo(100 - SafetyAssessor.DOTTED_EYE_PENALTY
                - SafetyAssessor.SMALL_MODULE_PENALTY);
        // Drawn and read for real, circle frames lose BoofCV: evidence, so RISKY.
        assertThat(judge(spec(300, 4, eyes(EyeFrameStyle.CIRCLE, EyeBallStyle.SQUARE))).status())
                .isEqualTo(SafetyStatus.RISKY);
    }

    @Test
    void roundedEyeCornersCostOnceTheySpanManyPixels() {
        // 37 modules: at 250 px a one-module rounding spans 6.7 px, at 1000 px 27 px.
        assertThat(SafetyAssessor.assess(spec(250, 4, eyes(EyeFrameStyle.ROUNDED, EyeBallStyle.SQUARE)), READ)
                .warnings()).isEmpty();
        Safety large = SafetyAssessor.assess(spec(1000, 4, eyes(EyeFrameStyle.ROUNDED, EyeBallStyle.SQUARE)), READ);
        assertThat(large.score()).isEqualTo(100 - SafetyAssessor.ROUND_EYE_PENALTY);
        assertThat(large.warnings()).singleElement().asString().contains("1 module (27 px)");
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
        assertThat(excessive.score()).isEqualTo(100 - SafetyAssessor.EXCESSIVE_LOGO_PENALTY);
        assertThat(excessive.warnings()).singleElement().asString().contains("error correction L recovers about 7 %");
    }

    @Test
    void aLogoLikeAnEyeIsCalledOut() {
        Safety safety = SafetyAssessor.assess(logo(ErrorCorrection.H, 0.2, Logos.finderLike(90, Color.BLACK), true),
                READ);
        assertThat(safety.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
        assertThat(safety.warnings()).anySatisfy(w -> assertThat(w).contains("fourth eye", "1:1:3:1:1"));
    }

    @Test
    void aPhotographAsLogoCostsMoreWhenDrawnOverTheModules() {
        BufferedImage photo = Logos.photo(200, 1);
        Safety cleared = SafetyAssessor.assess(logo(ErrorCorrection.H, 0.2, photo, true), READ);
        Safety over = SafetyAssessor.assess(logo(ErrorCorrection.H, 0.2, photo, false), READ);
        assertThat(cleared.score()).isEqualTo(100 - SafetyAssessor.BUSY_LOGO_PENALTY);
        assertThat(cleared.warnings()).singleElement().asString().contains("busy like a photograph");
        assertThat(over.warnings()).anySatisfy(w -> assertThat(w).contains("busy like a photograph",
                "drawn over the modules", "clearModules"));
        assertThat(over.score()).isLessThan(cleared.score());
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
