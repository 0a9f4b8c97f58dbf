package dev.qrforge.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
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
                .contains("#e0e0e0", "#ffffff", "1.3:1", "at least 3:1", "darken the foreground");
    }

    @Test
    void unverifiedIsRiskyWhateverElseIsTrue() {
        Safety safety = SafetyAssessor.assess(spec(300, 4, Design.DEFAULT), false);
        assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(safety.verified()).isFalse();
        assertThat(safety.warnings()).singleElement().asString().contains("could not read");
    }

    @Test
    void moderateContrastCostsLessThanLowContrast() {
        // #5f5f5f on white has contrast 6.3:1, #808080 3.9:1.
        Safety moderate = SafetyAssessor.assess(spec(300, 4, solid("#5f5f5f", "#ffffff")), true);
        Safety low = SafetyAssessor.assess(spec(300, 4, solid("#808080", "#ffffff")), true);
        assertThat(moderate.status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(moderate.warnings()).singleElement().asString().contains("6.3:1");
        assertThat(low.score()).isLessThan(moderate.score());
        assertThat(low.status()).isEqualTo(SafetyStatus.ACCEPTABLE);
    }

    @Test
    void invertedColoursAreWarnedAbout() {
        Safety safety = SafetyAssessor.assess(spec(300, 4, solid("#ffffff", "#000000")), true);
        assertThat(safety.status()).isNotEqualTo(SafetyStatus.OPTIMAL);
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
    void tinyModulesAreRisky() {
        Safety tiny = SafetyAssessor.assess(spec(60, 4, Design.DEFAULT), true);
        assertThat(tiny.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(tiny.warnings()).singleElement().asString().contains("1.6 px");
    }

    @Test
    void missingQuietZoneIsWarnedAbout() {
        Safety none = SafetyAssessor.assess(spec(300, 0, Design.DEFAULT), true);
        Safety narrow = SafetyAssessor.assess(spec(300, 2, Design.DEFAULT), true);
        assertThat(none.warnings()).singleElement().asString().contains("quiet zone is 0 modules", "margin 4");
        assertThat(narrow.warnings()).singleElement().asString().contains("quiet zone is 2 modules");
        assertThat(none.score()).isLessThan(narrow.score());
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
        Safety dark = SafetyAssessor.assessPlaced(spec(300, 4, Design.DEFAULT), true, new Backdrop(AREA, 2.5, 1));
        assertThat(dark.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(dark.warnings()).singleElement().asString()
                .contains("(at " + AREA + ")", "2.5:1", "at least 3:1", "placement.plate");
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
}
