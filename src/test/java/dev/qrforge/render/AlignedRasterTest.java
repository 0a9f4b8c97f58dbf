package dev.qrforge.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.client.j2se.MatrixToImageWriter;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import dev.qrforge.testing.Decoding;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AlignedRasterTest {

    private static final String URL = "https://shop.example.com/spring-sale?id=42";
    private static final Rgb NAVY = Rgb.parseHex("#1a237e").orElseThrow();
    private static final Rgb CREAM = Rgb.parseHex("#fff8e1").orElseThrow();

    private static RenderSpec spec(int size, Design design) {
        return new RenderSpec(QrEncoder.encode(URL, ErrorCorrection.M), size, 4, design);
    }

    @Test
    void onlyCodesOfSquareModulesInOneColourAreDrawnOnWholePixels() {
        assertThat(AlignedRaster.applies(spec(1000, Design.DEFAULT))).isTrue();
        assertThat(AlignedRaster.applies(spec(1000, new Design(BodyStyle.SQUARE, NAVY, null, null)))).isTrue();
        assertThat(AlignedRaster.applies(spec(1000, new Design(BodyStyle.DOTS, NAVY, CREAM, null)))).isFalse();
        assertThat(AlignedRaster.applies(spec(1000, new Design(BodyStyle.SQUARE, NAVY, CREAM,
                new Gradient(GradientType.LINEAR, Rgb.BLACK))))).isFalse();
        assertThat(AlignedRaster.applies(spec(1000, new Design(BodyStyle.SQUARE, NAVY, CREAM, null,
                Eyes.same(new Eye(EyeFrameStyle.ROUNDED, EyeBallStyle.SQUARE, null, null)))))).isFalse();
        assertThat(AlignedRaster.applies(spec(1000, new Design(BodyStyle.SQUARE, NAVY, CREAM, null,
                Eyes.same(new Eye(EyeFrameStyle.SQUARE, EyeBallStyle.SQUARE, Rgb.BLACK, null)))))).isFalse();
        // 37 modules in 30 px: under a pixel each.
        assertThat(AlignedRaster.applies(spec(30, Design.DEFAULT))).isFalse();
    }

    /**
     * Every pixel is its module's colour, each module spans its exact edges rounded to whole pixels (so the image's
     * pixels per module rounded down or up), and the PNG file holds exactly those pixels.
     */
    @ParameterizedTest
    @ValueSource(ints = {37, 100, 333, 1000, 1001})
    void everyPixelIsItsModulesColourAndThePngHoldsThem(int size) {
        RenderSpec spec = spec(size, new Design(BodyStyle.SQUARE, NAVY, CREAM, null));
        BufferedImage image = Decoding.png(RasterRenderer.png(spec));
        assertThat(image.getWidth()).isEqualTo(size);
        QrMatrix matrix = spec.matrix();
        Set<Integer> widths = new HashSet<>();
        for (int y = 0; y < size; y++) {
            int moduleY = module(y, spec.symbolY(), spec.moduleSize());
            for (int x = 0; x < size; x++) {
                int moduleX = module(x, spec.symbolX(), spec.moduleSize());
                boolean dark = moduleX >= 0 && moduleX < matrix.modules() && moduleY >= 0
                        && moduleY < matrix.modules() && matrix.isDark(moduleX, moduleY);
                assertThat(image.getRGB(x, y) & 0xffffff).as("(%d, %d)", x, y)
                        .isEqualTo(dark ? NAVY.rgb() : CREAM.rgb());
            }
        }
        for (int i = 0; i < matrix.modules(); i++) {
            widths.add((int) (Math.round(spec.symbolX() + (i + 1) * spec.moduleSize())
                    - Math.round(spec.symbolX() + i * spec.moduleSize())));
        }
        assertThat(widths).isSubsetOf((int) Math.floor(spec.moduleSize()), (int) Math.ceil(spec.moduleSize()));
    }

    /** The module a pixel's centre lies in, counting from the symbol's edge rounded to a whole pixel. */
    private static int module(int pixel, double origin, double moduleSize) {
        int module = (int) Math.floor((pixel + 0.5 - origin) / moduleSize);
        // The pixel belongs to the module whose rounded edges enclose it.
        if (pixel < Math.round(origin + module * moduleSize)) {
            module--;
        } else if (pixel >= Math.round(origin + (module + 1) * moduleSize)) {
            module++;
        }
        return module;
    }

    @Test
    void aTransparentCodeKeepsItsLightModulesTransparent() {
        RenderSpec spec = spec(370, new Design(BodyStyle.SQUARE, NAVY, null, null));
        BufferedImage image = Decoding.png(RasterRenderer.png(spec));
        assertThat(image.getColorModel().hasAlpha()).isTrue();
        assertThat(image.getRGB(0, 0) >>> 24).isZero();
        int finder = (int) Math.ceil(spec.symbolX());
        assertThat(image.getRGB(finder, finder)).isEqualTo(0xff000000 | NAVY.rgb());
    }

    @Test
    void thePngIsNoLargerThanZxingsForTheSameCode() throws WriterException, IOException {
        BitMatrix zxing = new QRCodeWriter().encode(URL, BarcodeFormat.QR_CODE, 1000, 1000, Map.of(
                EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M, EncodeHintType.MARGIN, 4));
        ByteArrayOutputStream theirs = new ByteArrayOutputStream();
        MatrixToImageWriter.writeToStream(zxing, "png", theirs);
        ByteBuffer ours = RasterRenderer.png(spec(1000, Design.DEFAULT));
        assertThat(ours.remaining()).isLessThanOrEqualTo(theirs.size());
    }
}
