package dev.qrforge.composite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.render.Rgb;
import org.junit.jupiter.api.Test;

/** Where a placement puts a code on images of various sizes. */
class PlacementTest {

    private static final int SIZE = 300;

    private static Placement.Box resolve(PlacementJson json, int width, int height) {
        return Placement.parse(json, "placement").resolve(width, height, SIZE, "backgrounds[0].image");
    }

    private static PlacementJson at(String position, Integer width, Integer padding) {
        return new PlacementJson(position, null, null, width, padding, null);
    }

    @Test
    void centredAtTheRequestsSizeByDefault() {
        assertThat(resolve(null, 1000, 600)).isEqualTo(new Placement.Box(350, 150, 300));
        assertThat(resolve(at("center", 200, null), 1000, 600)).isEqualTo(new Placement.Box(400, 200, 200));
    }

    @Test
    void cornersKeepTheirPaddingDefaultingToAShareOfTheShorterSide() {
        assertThat(resolve(at("top-left", null, null), 1000, 600)).isEqualTo(new Placement.Box(30, 30, 300));
        assertThat(resolve(at("top-right", null, 10), 1000, 600)).isEqualTo(new Placement.Box(690, 10, 300));
        assertThat(resolve(at("bottom-left", null, 10), 1000, 600)).isEqualTo(new Placement.Box(10, 290, 300));
        assertThat(resolve(at("bottom-right", 100, 0), 1000, 600)).isEqualTo(new Placement.Box(900, 500, 100));
    }

    @Test
    void theCodeShrinksToFitAndPaddingGivesWay() {
        assertThat(resolve(null, 250, 120)).isEqualTo(new Placement.Box(65, 0, 120));
        assertThat(resolve(at("bottom-right", 500, 80), 1000, 340)).isEqualTo(new Placement.Box(580, 0, 340));
        assertThat(resolve(at("top-left", null, 80), 350, 350)).isEqualTo(new Placement.Box(50, 50, 300));
    }

    @Test
    void explicitCoordinatesOverrideThePosition() {
        assertThat(resolve(new PlacementJson("bottom-right", 5, 7, null, 40, null), 1000, 600))
                .isEqualTo(new Placement.Box(5, 7, 300));
    }

    @Test
    void plateDefaultsAndRadius() {
        Plate plate = Placement.parse(new PlacementJson(null, null, null, null, null, PlateJson.DEFAULTS), "p").plate();
        assertThat(plate).isEqualTo(new Plate(Rgb.WHITE, Plate.DEFAULT_OPACITY, null));
        assertThat(plate.radius(300)).isEqualTo(24);
        assertThat(new Plate(Rgb.WHITE, 1, 500).radius(300)).isEqualTo(150);
        assertThat(Placement.parse(new PlacementJson(null, null, null, null, null,
                new PlateJson("#FFEEDD", 0, 3)), "p").plate()).isEqualTo(new Plate(new Rgb(255, 238, 221), 0, 3));
    }
}
