package dev.qrforge.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Eye;
import dev.qrforge.render.EyeBallStyle;
import dev.qrforge.render.EyeFrameStyle;
import dev.qrforge.render.Eyes;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.RasterRenderer;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Whether BoofCV finds a code's three finder patterns is the eye frame's doing, not the mask's: the generator draws a
 * code once, with no other mask, when BoofCV found no finder pattern at an eye ({@code CodeGenerator.generate}). Every
 * frame, under two bodies, at two sizes and lengths, with each of the eight masks; and one eye of each frame among two
 * plain ones.
 */
class EyeFramesAndMasksTest {

    private record Case(String data, BodyStyle body, int size) {
    }

    private static final List<Case> CASES = List.of(
            new Case("https://shop.example.com/spring-sale?id=42", BodyStyle.SQUARE, 600),
            new Case("hello", BodyStyle.DOTS, 400));

    @ParameterizedTest
    @EnumSource(EyeFrameStyle.class)
    void whetherBoofcvFindsTheEyesDoesNotDependOnTheMask(EyeFrameStyle frame) {
        Eye eye = new Eye(frame, EyeBallStyle.SQUARE, null, null);
        for (Case c : CASES) {
            for (Eyes eyes : List.of(Eyes.same(eye), new Eyes(Eye.PLAIN, eye, Eye.PLAIN))) {
                Design design = new Design(c.body(), Rgb.BLACK, Rgb.WHITE, null, eyes);
                List<Readback> masks = new ArrayList<>();
                for (int mask = 0; mask < QrEncoder.MASK_PATTERNS; mask++) {
                    RenderSpec spec = new RenderSpec(QrEncoder.encode(c.data(), ErrorCorrection.M, mask), c.size(),
                            4, design);
                    DecodeSample sample = DecodeSample.forCode(spec);
                    RasterRenderer.streamRows(spec, sample);
                    masks.add(DecodeVerifier.read(sample, spec, c.data()));
                }
                boolean found = masks.get(0).boofcvEyes();
                assertThat(masks).as("%s, %s", eyes, c).allMatch(readback -> readback.boofcvEyes() == found);
                if (!found) {
                    assertThat(masks).as("BoofCV reads no mask of %s, %s", eyes, c).noneMatch(Readback::boofcv);
                }
                // Square outlines are what BoofCV's detector looks for; a circle is not one.
                if (frame == EyeFrameStyle.SQUARE) {
                    assertThat(found).as("square frames, %s", c).isTrue();
                } else if (frame == EyeFrameStyle.CIRCLE) {
                    assertThat(found).as("a circle frame, %s", c).isFalse();
                }
            }
        }
    }
}
