package dev.qrforge.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Logo;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.testing.Logos;
import java.awt.Color;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

class LogoTraitsTest {

    private static LogoTraits traits(BufferedImage image, double size) {
        // 29 modules: a logo of 0.2 spans 5.8 of them, drawn at 8 px per module.
        RenderSpec spec = new RenderSpec(QrEncoder.encode("https://example.com/products/42?ref=flyer",
                ErrorCorrection.H), 37 * 8, 4, Design.DEFAULT, new Logo(image, size, 1, true));
        return LogoTraits.of(spec);
    }

    @Test
    void aFlatMarkIsNeitherBusyNorLikeAnEye() {
        LogoTraits mark = traits(Logos.mark(256), 0.2);
        assertThat(mark.finderLike()).isFalse();
        assertThat(mark.busyness()).isLessThan(SafetyAssessor.BUSY_LOGO);
    }

    @Test
    void concentricSquaresAtTheEyesScaleAreLikeAnEye() {
        assertThat(traits(Logos.finderLike(90, Color.BLACK), 0.2).finderLike()).isTrue();
        assertThat(traits(Logos.finderLike(90, new Color(0x1b2a6b)), 0.3).finderLike()).isTrue();
        // At 0.1 of the width, the pattern's unit is a third of a module: far smaller than an eye's.
        assertThat(traits(Logos.finderLike(90, Color.BLACK), 0.1).finderLike()).isFalse();
    }

    @Test
    void concentricRingsInOtherProportionsAreNot() {
        BufferedImage bullseye = new BufferedImage(90, 90, BufferedImage.TYPE_INT_ARGB);
        java.awt.Graphics2D g = bullseye.createGraphics();
        g.setColor(Color.BLACK);
        g.fillRect(0, 0, 90, 90);
        g.setColor(Color.WHITE);
        g.fillRect(40, 40, 10, 10);
        g.dispose();
        assertThat(traits(bullseye, 0.2).finderLike()).isFalse();
    }

    @Test
    void aPhotographIsBusy() {
        for (long seed = 0; seed < 4; seed++) {
            assertThat(traits(Logos.photo(256, seed), 0.2).busyness()).as("photo " + seed)
                    .isGreaterThanOrEqualTo(SafetyAssessor.BUSY_LOGO);
        }
    }
}
