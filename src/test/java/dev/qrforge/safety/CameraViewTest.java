package dev.qrforge.safety;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CameraViewTest {

    @Test
    void averagesThreeByThreeBlocksAndBlursTheEdgesBetweenThem() {
        // 12 × 3 image: left half black, right half white; 4 × 1 after reduction.
        byte[] pixels = new byte[36];
        for (int y = 0; y < 3; y++) {
            for (int x = 6; x < 12; x++) {
                pixels[y * 12 + x] = (byte) 255;
            }
        }
        GreyImage view = CameraView.of(new GreyImage(pixels, 12, 3));
        assertThat(view.width()).isEqualTo(4);
        assertThat(view.height()).isEqualTo(1);
        // The blur pulls the pixels beside the edge towards each other, the outer ones barely.
        assertThat(view.at(0, 0)).isLessThan(5);
        assertThat(view.at(1, 0)).isBetween(20, 127);
        assertThat(view.at(2, 0)).isBetween(128, 235);
        assertThat(view.at(3, 0)).isGreaterThan(250);
    }

    @Test
    void aFlatImageStaysFlat() {
        byte[] pixels = new byte[30 * 30];
        java.util.Arrays.fill(pixels, (byte) 200);
        GreyImage view = CameraView.of(new GreyImage(pixels, 30, 30));
        for (int y = 0; y < view.height(); y++) {
            for (int x = 0; x < view.width(); x++) {
                assertThat(view.at(x, y)).isEqualTo(200);
            }
        }
    }

    @Test
    void anImageSmallerThanABlockHasNoView() {
        assertThat(CameraView.of(new GreyImage(new byte[4], 2, 2))).isNull();
    }
}
