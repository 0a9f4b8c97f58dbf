package dev.qrforge.safety;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Eye;
import dev.qrforge.render.EyeBallStyle;
import dev.qrforge.render.EyeFrameStyle;
import dev.qrforge.render.Eyes;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.RasterRenderer;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import dev.qrforge.testing.SlowCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * ZXing judges a sample of at least {@value DecodeSample#MODULE_PIXELS} pixels per module instead of every delivered
 * pixel. This reads both of large renderings of every style, flat and under a gradient, at symbol versions 2 to 9,
 * and requires that ZXing never reads the sample where it does not read every pixel, and that the verdict's direct
 * reads (ZXing and BoofCV, which reads every pixel) come out the same either way.
 *
 * <p>BoofCV reads the same sample only where every eye frame is square, and there it must read exactly what it reads
 * in every pixel. Elsewhere it could not be given the smaller sample: it finds rounded and cut eye frames at 8 pixels
 * per module and not at 24, where this test, run with BoofCV on the sample for every eye, found 9 disagreements in 231
 * renderings, and where codes it then judged optimal were not read by BoofCV from the delivered file. (Square frames
 * agreed in every rendering of every body style with every ball style, flat and under a gradient, at each size and
 * length here, when this was decided.)
 */
@SlowCheck
class ModuleResolutionTest {

    private static final List<String> URLS = List.of(
            "https://example.com/a",
            "https://shop.example.com/spring-sale?id=42&utm_source=poster",
            "https://example.com/menus/2026/autumn/dinner?table=17&lang=en&ref=qr-code-on-the-door-of-the-restaurant"
                    + "&campaign=autumn-menu-launch");
    private static final int[] SIZES = {600, 1000, 1500};
    private static final int EYES_SIZE = 1000;
    private static final Rgb NAVY = Rgb.parseHex("#1a237e").orElseThrow();
    private static final Gradient PURPLE = new Gradient(GradientType.LINEAR, Rgb.parseHex("#6a1b9a").orElseThrow());

    private record Case(RenderSpec spec, String text) {
    }

    /** Both decoders' checks in one pass, as rendering the cases is most of the cost. */
    @Test
    void decodersReadTheModuleSampleAsTheyReadEveryPixel() {
        List<Case> cases = cases();
        List<String> disagreements = cases.parallelStream().flatMap(c -> {
            DecodeSample sample = DecodeSample.forCode(c.spec());
            RasterRenderer.streamRows(c.spec(), sample);
            boolean onSample = DecodeVerifier.zxing(sample.moduleSample(), c.text());
            boolean onEveryPixel = DecodeVerifier.zxing(sample.grey(), c.text());
            boolean boofcv = DecodeVerifier.boofcv(sample.grey(), c.text());
            boolean boofcvAsVerified = DecodeVerifier.boofcv(sample.boofcvSample(), c.text());
            boolean agrees = onSample ? onEveryPixel : !(onEveryPixel && boofcv);
            Stream<String> zxing = agrees ? Stream.empty() : Stream.of(describe(c) + ": ZXing reads every pixel "
                    + onEveryPixel + ", the sample of " + sample.moduleFactor() + " px blocks " + onSample
                    + "; BoofCV " + boofcv);
            Stream<String> boof = boofcvAsVerified == boofcv ? Stream.empty() : Stream.of(describe(c)
                    + ": BoofCV reads every pixel " + boofcv + ", what the verifier gives it " + boofcvAsVerified);
            return Stream.concat(zxing, boof);
        }).toList();
        assertThat(disagreements).as("of %d renderings", cases.size()).isEmpty();
    }

    /** Every body style at every size and length; every eye, whose shapes the finders look for, at 1000 px. */
    private static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (BodyStyle body : BodyStyle.values()) {
            for (Gradient gradient : new Gradient[] {null, PURPLE}) {
                for (String url : URLS) {
                    for (int size : SIZES) {
                        add(cases, new Design(body, NAVY, Rgb.WHITE, gradient), url, size);
                    }
                }
            }
        }
        for (EyeFrameStyle frame : EyeFrameStyle.values()) {
            for (EyeBallStyle ball : EyeBallStyle.values()) {
                add(cases, new Design(BodyStyle.SQUARE, NAVY, Rgb.WHITE, null,
                        Eyes.same(new Eye(frame, ball, null, null))), URLS.get(1), EYES_SIZE);
                // A square frame beside rounded ones: BoofCV must then read every pixel.
                add(cases, new Design(BodyStyle.ROUNDED, NAVY, Rgb.WHITE, PURPLE, new Eyes(
                        new Eye(EyeFrameStyle.SQUARE, ball, null, null), new Eye(frame, ball, null, null),
                        Eye.PLAIN)), URLS.get(0), EYES_SIZE);
            }
        }
        return cases;
    }

    /** Adds the case if its modules are large enough for the sample to be reduced at all. */
    private static void add(List<Case> cases, Design design, String url, int size) {
        RenderSpec spec = new RenderSpec(QrEncoder.encode(url, ErrorCorrection.M), size, 4, design);
        if (DecodeSample.forCode(spec).moduleFactor() > DecodeSample.forCode(spec).factor()) {
            cases.add(new Case(spec, url));
        }
    }

    private static String describe(Case c) {
        Design design = c.spec().design();
        return design.bodyStyle() + (design.gradient() == null ? "" : " gradient") + " eyes "
                + design.eyes().topLeft().frameStyle() + "/" + design.eyes().topLeft().ballStyle() + " version "
                + c.spec().matrix().version() + " at " + c.spec().size() + " px";
    }
}
