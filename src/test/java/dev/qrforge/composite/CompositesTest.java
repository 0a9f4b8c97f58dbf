package dev.qrforge.composite;

import dev.qrforge.testing.Backgrounds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.api.ApiException;
import dev.qrforge.qr.LogoReader;
import dev.qrforge.qr.DesignJson;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.safety.Safety;
import dev.qrforge.safety.SafetyStatus;
import dev.qrforge.testing.Decoding;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.Collections;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

class CompositesTest {

    private static final String URL = "https://example.com/menu?table=12";
    private static final Color DARK = new Color(0x20, 0x24, 0x28);

    private static CompositeRequest request(PlacementJson placement, BackgroundJson... backgrounds) {
        return new CompositeRequest(URL, 240, null, null, null, List.of(backgrounds), placement);
    }

    private static BackgroundJson background(String image) {
        return new BackgroundJson(image, null);
    }

    private static Composite only(CompositeRequest request) {
        List<Composite> composites = Composites.make(Composites.plan(request, LogoReader.inlineOnly()));
        assertThat(composites).hasSize(1);
        return composites.get(0);
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> rejects(CompositeRequest request, String field) {
        return assertThatThrownBy(() -> Composites.make(Composites.plan(request, LogoReader.inlineOnly())))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo(field));
    }

    private static PlacementJson plate(PlateJson plate) {
        return new PlacementJson(null, null, null, null, null, plate);
    }

    @Test
    void overALightImageTheCompositeKeepsTheImagesSizeAndScans() {
        Composite composite = only(request(null, background(Backgrounds.pngDataUri(Backgrounds.flat(
                new Color(0xf4f1ea))))));
        assertThat(composite.index()).isZero();
        assertThat(composite.width()).isEqualTo(Backgrounds.WIDTH);
        assertThat(composite.height()).isEqualTo(Backgrounds.HEIGHT);
        BufferedImage image = Decoding.png(composite.png());
        assertThat(image.getWidth()).isEqualTo(Backgrounds.WIDTH);
        assertThat(image.getHeight()).isEqualTo(Backgrounds.HEIGHT);
        assertThat(Decoding.text(image)).isEqualTo(URL);
        assertThat(composite.safety().verified()).isTrue();
        assertThat(composite.safety().status()).isEqualTo(SafetyStatus.OPTIMAL);
        assertThat(composite.safety().warnings()).isEmpty();
    }

    @Test
    void theCodeIsTransparentAndTheImageShowsThroughItsLightModules() {
        Color cream = new Color(0xf4f1ea);
        Composite composite = only(request(null, background(Backgrounds.pngDataUri(Backgrounds.flat(cream)))));
        BufferedImage image = Decoding.png(composite.png());
        // Centred 240 px code: its top-left pixel lies in the quiet zone, the finder pattern 4 modules further in.
        int left = (Backgrounds.WIDTH - 240) / 2;
        int top = (Backgrounds.HEIGHT - 240) / 2;
        assertThat(image.getRGB(left + 1, top + 1) & 0xffffff).isEqualTo(cream.getRGB() & 0xffffff);
        double pitch = 240.0 / (QrEncoder.encode(URL, ErrorCorrection.M).modules() + 2 * 4);
        int finder = (int) (4.5 * pitch);
        assertThat(image.getRGB(left + finder, top + finder) & 0xffffff).isZero();
    }

    @Test
    void overAPhotoLikeJpegItScans() {
        Composite composite = only(request(new PlacementJson("bottom-right", null, null, 200, 16, null),
                background(Backgrounds.jpegDataUri(Backgrounds.sky()))));
        assertThat(Decoding.pngText(composite.png())).isEqualTo(URL);
        assertThat(composite.safety().verified()).isTrue();
        assertThat(composite.safety().status()).isIn(SafetyStatus.OPTIMAL, SafetyStatus.ACCEPTABLE);
    }

    @Test
    void overADarkImageItIsRiskySayingWhereAndWhyAndSuggestingAPlate() {
        Safety safety = only(request(new PlacementJson(null, 20, 30, null, null, null),
                background(Backgrounds.pngDataUri(Backgrounds.flat(DARK))))).safety();
        assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(safety.warnings()).anySatisfy(warning -> assertThat(warning)
                .contains("(at x=20, y=30, 240×240 px)", "contrast 1.", "below 2:1 most scanners fail", "placement.plate"));
    }

    @Test
    void overBusyImagesItIsRiskySayingWhereAndWhyAndSuggestingAPlate() {
        for (BufferedImage busy : List.of(Backgrounds.noise(), Backgrounds.stripes())) {
            Safety safety = only(request(null, background(Backgrounds.pngDataUri(busy)))).safety();
            assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
            assertThat(safety.warnings()).anySatisfy(warning -> assertThat(warning)
                    .contains("(at x=200, y=120, 240×240 px)", "busy", "placement.plate"));
        }
    }

    @Test
    void aPlateRescuesDarkAndBusyImages() {
        for (BufferedImage hostile : List.of(Backgrounds.flat(DARK), Backgrounds.noise(), Backgrounds.stripes())) {
            Composite composite = only(request(plate(PlateJson.DEFAULTS),
                    background(Backgrounds.pngDataUri(hostile))));
            assertThat(Decoding.pngText(composite.png())).isEqualTo(URL);
            assertThat(composite.safety().verified()).isTrue();
            assertThat(composite.safety().status()).isIn(SafetyStatus.OPTIMAL, SafetyStatus.ACCEPTABLE);
        }
    }

    @Test
    void aFaintPlateIsJudgedByWhatShowsThrough() {
        Safety safety = only(request(plate(new PlateJson("#ffffff", 0.1, null)),
                background(Backgrounds.pngDataUri(Backgrounds.flat(DARK))))).safety();
        assertThat(safety.status()).isEqualTo(SafetyStatus.RISKY);
    }

    @Test
    void eachBackgroundGetsItsOwnCompositeWithItsOwnPlacement() {
        String light = Backgrounds.pngDataUri(Backgrounds.flat(Color.WHITE));
        String dark = Backgrounds.pngDataUri(Backgrounds.flat(DARK));
        List<Composite> composites = Composites.make(Composites.plan(request(plate(PlateJson.DEFAULTS),
                background(light), new BackgroundJson(dark, new PlacementJson("top-left", null, null, null, null,
                        null))), LogoReader.inlineOnly()));
        assertThat(composites).extracting(Composite::index).containsExactly(0, 1);
        assertThat(composites.get(0).safety().status()).isEqualTo(SafetyStatus.OPTIMAL);
        // The second background's own placement replaces the shared one, plate included.
        assertThat(composites.get(1).safety().status()).isEqualTo(SafetyStatus.RISKY);
        assertThat(composites.get(1).safety().warnings()).anySatisfy(w -> assertThat(w).contains("(at x=24, y=24,"));
    }

    @Test
    void backgroundsAreRequiredAndLimited() {
        String image = Backgrounds.pngDataUri(Backgrounds.flat(Color.WHITE));
        rejects(new CompositeRequest(URL, null, null, null, null, null, null), "backgrounds")
                .hasMessageContaining("required");
        rejects(request(null), "backgrounds").hasMessageContaining("1 to 10");
        List<BackgroundJson> eleven = Collections.nCopies(Composites.MAX_BACKGROUNDS + 1, background(image));
        rejects(new CompositeRequest(URL, null, null, null, null, eleven, null), "backgrounds")
                .hasMessageContaining("1 to 10");
        rejects(request(null, background(image), background(null)), "backgrounds[1].image")
                .hasMessageContaining("required");
        rejects(new CompositeRequest(URL, null, null, null, null, Collections.singletonList(null), null),
                "backgrounds[0]");
    }

    @Test
    void theCodesFieldsAreValidatedAsForPlainCodes() {
        BackgroundJson image = background(Backgrounds.pngDataUri(Backgrounds.flat(Color.WHITE)));
        rejects(new CompositeRequest(null, null, null, null, null, List.of(image), null), "data");
        rejects(new CompositeRequest(URL, 99, null, null, null, List.of(image), null), "size");
        rejects(new CompositeRequest(URL, null, null, "X", null, List.of(image), null), "errorCorrection");
        rejects(new CompositeRequest(URL, null, null, null, new DesignJson(null, "#12345", null, null, null),
                List.of(image), null), "design.foregroundColor");
        rejects(new CompositeRequest("x".repeat(3000), null, null, "H", null, List.of(image), null), "data")
                .hasMessageContaining("too long");
        rejects(new CompositeRequest(URL, null, null, null, new DesignJson(null, null, "#ffffff", null, null),
                List.of(image), null), "design.backgroundColor").hasMessageContaining("placement.plate.color");
        DesignJson framed = new DesignJson(null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, new DesignJson.FrameJson("banner-bottom", null, null, null));
        rejects(new CompositeRequest(URL, null, null, null, framed, List.of(image), null), "design.frame")
                .hasMessageContaining("no frame");
    }

    @Test
    void placementsAreValidatedNamingTheirField() {
        BackgroundJson image = background(Backgrounds.pngDataUri(Backgrounds.flat(Color.WHITE)));
        rejects(request(new PlacementJson("middle", null, null, null, null, null), image), "placement.position")
                .hasMessageContaining("center, top-left, top-right, bottom-left, bottom-right");
        rejects(request(null, image, image, new BackgroundJson(image.image(),
                new PlacementJson(null, null, null, 99, null, null))), "backgrounds[2].placement.width")
                .hasMessage("backgrounds[2].placement.width must be between 100 and 5000");
        rejects(request(plate(new PlateJson(null, 1.5, null)), image), "placement.plate.opacity");
        rejects(request(plate(new PlateJson(null, -0.1, null)), image), "placement.plate.opacity");
        rejects(request(plate(new PlateJson("white", null, null)), image), "placement.plate.color");
        rejects(request(plate(new PlateJson(null, null, -1)), image), "placement.plate.radius");
        rejects(request(new PlacementJson(null, 10, null, null, null, null), image), "placement.y");
        rejects(request(new PlacementJson(null, null, 10, null, null, null), image), "placement.x");
        rejects(request(new PlacementJson(null, -1, 0, null, null, null), image), "placement.x");
        rejects(request(new PlacementJson(null, null, null, null, -5, null), image), "placement.padding");
    }

    @Test
    void explicitCoordinatesMustKeepTheCodeOnEachImage() {
        BackgroundJson image = background(Backgrounds.pngDataUri(Backgrounds.flat(Color.WHITE)));
        rejects(request(new PlacementJson(null, 401, 0, null, null, null), image), "placement.x")
                .hasMessage("placement.x=401 puts the 240 px code past the edge of backgrounds[0].image, which is"
                        + " 640 px wide; at most 400");
        rejects(request(new PlacementJson(null, 400, 241, null, null, null), image), "placement.y")
                .hasMessageContaining("480 px high; at most 240");
    }
}
