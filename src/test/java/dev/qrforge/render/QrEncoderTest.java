package dev.qrforge.render;

import dev.qrforge.testing.Rasters;
import dev.qrforge.testing.Decoding;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class QrEncoderTest {

    /** Byte-mode capacities of a version-40 symbol, from the tables of ISO/IEC 18004. */
    private static final Map<ErrorCorrection, Integer> KNOWN_CAPACITY = Map.of(
            ErrorCorrection.L, 2953, ErrorCorrection.M, 2331, ErrorCorrection.Q, 1663, ErrorCorrection.H, 1273);

    @Test
    void roundTripsUtf8() {
        String data = "Grüße 東京";
        QrMatrix matrix = QrEncoder.encode(data, ErrorCorrection.M);
        BufferedImage image = Rasters.draw(new RenderSpec(matrix, 300, 4, Design.DEFAULT));
        assertThat(Decoding.text(image)).isEqualTo(data);
    }

    @Test
    void choosesTheSmallestVersion() {
        QrMatrix matrix = QrEncoder.encode("HELLO", ErrorCorrection.L);
        assertThat(matrix.version()).isEqualTo(1);
        assertThat(matrix.modules()).isEqualTo(21);
        // Finder pattern: the top-left corner module is dark, the one diagonally inside the ring light.
        assertThat(matrix.isDark(0, 0)).isTrue();
        assertThat(matrix.isDark(1, 1)).isFalse();
        assertThat(matrix.isDark(-1, 0)).isFalse();
    }

    @ParameterizedTest
    @EnumSource(ErrorCorrection.class)
    void capacityMatchesTheStandard(ErrorCorrection ec) {
        int max = KNOWN_CAPACITY.get(ec);
        assertThat(ec.maxBinaryBytes()).isEqualTo(max);
        // Lower-case letters force byte mode.
        assertThat(QrEncoder.encode("a".repeat(max), ec).version()).isEqualTo(40);
        assertThatThrownBy(() -> QrEncoder.encode("a".repeat(max + 1), ec))
                .isInstanceOfSatisfying(DataTooLongException.class, e -> {
                    assertThat(e.errorCorrection()).isEqualTo(ec);
                    assertThat(e.maxBinaryBytes()).isEqualTo(max);
                });
    }
}
