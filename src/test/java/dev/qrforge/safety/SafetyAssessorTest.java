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
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

class SafetyAssessorTest {

    private static final String URL = "https://example.com/products/42?ref=flyer";

    private static RenderSpec spec(int size, int margin, Design design) {
        return new RenderSpec(QrEncoder.encode(URL, ErrorCorrection.M), size, margin, design);
    }

    private static Design solid(String foreground, String background) {
        return new Design(BodyStyle.SQUARE, Rgb.parseHex(foreground).orElseThrow(), Rgb.parseHex(background).orElseThrow(),
                null);
    }

    @Test
    void blackOnWhiteWithStandardQuietZoneIsPerfect() {
        Safety safety = SafetyAssessor.assess(spec(300, 4, Design.DEFAULT), true);
        assertThat(safety.score()).isEqualTo(100);
        assertThat(safety.status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(safety.warnings()).isEmpty();
        assertThat(safety.verified()).isTrue();
    }

    @Test
    void paleGreyOnWhiteIsRiskyEvenWhenItDecodes() {
        Safety safety = SafetyAssessor.assess(spec(300, 4, solid("#e0e0e0", "#ffffff")), true);
        assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(safety.score()).isLessThan(SafetyAssessor.ACCEPTABLE_MIN_SCORE);
        assertThat(safety.warnings()).singleElement().asString()
                .contains("#e0e0e0", "#ffffff", "1.3:1", "at least 2:1", "darken the foreground");
    }

    @Test
    void unverifiedIsRiskyWhateverElseIsTrue() {
        Safety safety = SafetyAssessor.assess(spec(300, 4, Design.DEFAULT), false);
        assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(safety.verified()).isFalse();
        assertThat(safety.warnings()).singleElement().asString().contains("could not read");
    }

    @Test
    void contrastBelowSevenToOneIsAThinMarginNotEvidence() {
        // #5f5f5f on white has contrast 6.3:1, #808080 3.9:1: in the calibration grid some such codes failed under
        // poor capture, none for contrast alone when printed sharp.
        Safety moderate = SafetyAssessor.assess(spec(300, 4, solid("#5f5f5f", "#ffffff")), true);
        Safety low = SafetyAssessor.assess(spec(300, 4, solid("#808080", "#ffffff")), true);
        assertThat(moderate.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
        assertThat(moderate.warnings()).singleElement().asString().contains("6.3:1", "7:1");
        assertThat(low.score()).isLessThan(moderate.score());
        assertThat(low.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
    }

    @Test
    void thinMarginsNeverAddUpToRisky() {
        // Low contrast, small modules and a thin quiet zone: each costs, but only evidence of failure is RISKY.
        Safety safety = SafetyAssessor.assess(spec(120, 1, solid("#808080", "#ffffff")), true);
        assertThat(safety.warnings()).hasSize(3);
        assertThat(safety.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
        assertThat(safety.score()).isEqualTo(SafetyAssessor.ACCEPTABLE_MIN_SCORE);
    }

    @Test
    void invertedColoursAreRisky() {
        Safety safety = SafetyAssessor.assess(spec(300, 4, solid("#ffffff", "#000000")), true);
        assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(safety.warnings()).singleElement().asString().contains("lighter than the background", "swap");
    }

    @Test
    void smallModulesAreWarnedAbout() {
        // 100 px over 29 + 8 modules: 2.7 px per module.
        Safety small = SafetyAssessor.assess(spec(100, 4, Design.DEFAULT), true);
        assertThat(small.score()).isLessThan(100);
        assertThat(small.warnings()).singleElement().asString().contains("2.7 px", "at least 148 px");
    }

    @Test
    void tinyModulesCostTheMostShortOfRisky() {
        // Our decoder reads the delivered pixels: if even it reads 1.6 px modules, the size is no proof of failure.
        Safety tiny = SafetyAssessor.assess(spec(60, 4, Design.DEFAULT), true);
        assertThat(tiny.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
        assertThat(tiny.warnings()).singleElement().asString().contains("1.6 px", "blur into each other");
    }

    @Test
    void missingQuietZoneIsWarnedAbout() {
        Safety none = SafetyAssessor.assess(spec(300, 0, Design.DEFAULT), true);
        Safety thin = SafetyAssessor.assess(spec(300, 1, Design.DEFAULT), true);
        Safety narrow = SafetyAssessor.assess(spec(300, 2, Design.DEFAULT), true);
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
        Safety safety = SafetyAssessor.assess(dense, true);
        assertThat(safety.warnings()).singleElement().asString().contains("version " + dense.matrix().version(), "dense");
    }

    @Test
    void gradientsAreJudgedByTheirWorstStop() {
        Design gradient = new Design(BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE,
                new Gradient(GradientType.LINEAR, Rgb.parseHex("#e0e0e0").orElseThrow()));
        Safety safety = SafetyAssessor.assess(spec(300, 4, gradient), true);
        assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(safety.warnings()).singleElement().asString().contains("gradient", "#e0e0e0", "1.3:1");
    }

    private static final String AREA = "x=10, y=20, 300×300 px";

    @Test
    void placedCodesAreJudgedByTheMeasuredGroundNotTheDesignBackground() {
        RenderSpec blackOnBlack = spec(300, 4, solid("#000000", "#000000"));
        Safety calm = SafetyAssessor.assessPlaced(blackOnBlack, true, new Backdrop(AREA, 21, 1));
        assertThat(calm.status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(calm.warnings()).isEmpty();
        Safety dark = SafetyAssessor.assessPlaced(spec(300, 4, Design.DEFAULT), true, new Backdrop(AREA, 1.5, 1));
        assertThat(dark.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(dark.warnings()).singleElement().asString()
                .contains("(at " + AREA + ")", "1.5:1", "at least 2:1", "placement.plate");
    }

    @Test
    void texturedGroundCostsAndBusyGroundIsRisky() {
        Safety textured = SafetyAssessor.assessPlaced(spec(300, 4, Design.DEFAULT), true, new Backdrop(AREA, 21, 1.6));
        assertThat(textured.status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(textured.score()).isEqualTo(100 - SafetyAssessor.RESTLESS_GROUND_PENALTY);
        assertThat(textured.warnings()).singleElement().asString().contains("textured", "1.6:1", "placement.plate");
        Safety busy = SafetyAssessor.assessPlaced(spec(300, 4, Design.DEFAULT), true, new Backdrop(AREA, 21, 2));
        assertThat(busy.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(busy.warnings()).singleElement().asString().contains("(at " + AREA + ") is busy", "2:1");
    }

    @Test
    void unreadablePlacedCodesSuggestAPlate() {
        Safety safety = SafetyAssessor.assessPlaced(spec(300, 4, Design.DEFAULT), false, new Backdrop(AREA, 21, 1));
        assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(safety.warnings()).singleElement().asString().contains("could not read", "placement.plate");
    }

    @Test
    void aTransparentCodeIsJudgedOnAWhiteSurfaceAndSaysSo() {
        Design dark = new Design(BodyStyle.SQUARE, Rgb.BLACK, null, null);
        Safety safety = SafetyAssessor.assess(spec(300, 4, dark), true);
        assertThat(safety.status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(safety.warnings()).singleElement().asString().contains("transparent", "white or light surface");
        Design light = new Design(BodyStyle.SQUARE, Rgb.parseHex("#f0f0f0").orElseThrow(), null, null);
        Safety lightOne = SafetyAssessor.assess(spec(300, 4, light), true);
        assertThat(lightOne.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(lightOne.warnings()).anySatisfy(w -> assertThat(w).contains("#f0f0f0 is lighter than mid-grey",
                "dark foreground"));
    }

    @Test
    void eyeColoursCountAmongTheDarkColours() {
        Design paleEyes = new Design(BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE, null,
                Eyes.same(new Eye(EyeFrameStyle.SQUARE, EyeBallStyle.SQUARE, Rgb.parseHex("#d0d0d0").orElseThrow(),
                        null)));
        Safety safety = SafetyAssessor.assess(spec(300, 4, paleEyes), true);
        assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(safety.warnings()).singleElement().asString().contains("the eye colour #d0d0d0");
    }

    @Test
    void eyesScannersCannotFindAreRiskyAndSaySo() {
        for (EyeFrameStyle frame : new EyeFrameStyle[] {EyeFrameStyle.CIRCLE, EyeFrameStyle.EXTRA_ROUNDED,
                EyeFrameStyle.LEAF, EyeFrameStyle.DOTS}) {
            Safety safety = SafetyAssessor.assess(spec(300, 4, eyes(frame, EyeBallStyle.SQUARE)), true);
            assertThat(safety.status()).as(frame.name()).isEqualTo(SafetyStatus.RISKY);
            assertThat(safety.warnings()).singleElement().asString().contains("square outline", "square, rounded or cut");
        }
        Safety dots = SafetyAssessor.assess(spec(300, 4, eyes(EyeFrameStyle.SQUARE, EyeBallStyle.DOTS)), true);
        assertThat(dots.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(dots.warnings()).singleElement().asString().contains("solid centre");
        // At fewer than 4 px per module the dots blur into a solid centre: a thin margin, not a failure.
        Safety small = SafetyAssessor.assess(spec(110, 4, eyes(EyeFrameStyle.SQUARE, EyeBallStyle.DOTS)), true);
        assertThat(small.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
    }

    @Test
    void roundedEyeCornersCostOnceTheySpanManyPixels() {
        // 37 modules: at 250 px a one-module rounding spans 6.7 px, at 1000 px 27 px.
        assertThat(SafetyAssessor.assess(spec(250, 4, eyes(EyeFrameStyle.ROUNDED, EyeBallStyle.SQUARE)), true)
                .status()).isEqualTo(SafetyStatus.OPTIMAL);
        Safety large = SafetyAssessor.assess(spec(1000, 4, eyes(EyeFrameStyle.ROUNDED, EyeBallStyle.SQUARE)), true);
        assertThat(large.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
        assertThat(large.warnings()).singleElement().asString().contains("27 px", "at most 296 px");
        assertThat(SafetyAssessor.assess(spec(1000, 4, eyes(EyeFrameStyle.CUT, EyeBallStyle.SQUARE)), true)
                .warnings()).singleElement().asString().contains("13.5 px");
    }

    @Test
    void logosAreJudgedAgainstWhatTheErrorCorrectionRecovers() {
        RenderSpec light = logo(ErrorCorrection.H, 0.2);
        assertThat(SafetyAssessor.assess(light, true).status()).isEqualTo(SafetyStatus.OPTIMAL);
        Safety heavy = SafetyAssessor.assess(logo(ErrorCorrection.M, 0.25), true);
        assertThat(heavy.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
        assertThat(heavy.warnings()).singleElement().asString()
                .matches(".*the logo and its margin cover \\d+ % of the code; error correction M recovers about 15 %.*")
                .contains("shrink the logo to 0.", "or use error correction H");
        Safety excessive = SafetyAssessor.assess(logo(ErrorCorrection.L, 0.3), true);
        assertThat(excessive.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(excessive.warnings()).singleElement().asString().contains("error correction L recovers about 7 %");
    }

    private static Design eyes(EyeFrameStyle frame, EyeBallStyle ball) {
        return new Design(BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE, null, Eyes.same(new Eye(frame, ball, null, null)));
    }

    private static RenderSpec logo(ErrorCorrection level, double size) {
        return new RenderSpec(QrEncoder.encode(URL, level), 600, 4, Design.DEFAULT,
                new Logo(new BufferedImage(10, 10, BufferedImage.TYPE_INT_ARGB), size, 1, true));
    }
}
