package dev.qrforge.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.testing.Decoding;
import java.awt.image.BufferedImage;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PngWriterTest {

    private static BufferedImage noise(int width, int height, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, random.nextInt(1 << 24));
            }
        }
        return image;
    }

    private static void assertSamePixels(BufferedImage expected, BufferedImage actual) {
        assertThat(actual.getWidth()).isEqualTo(expected.getWidth());
        assertThat(actual.getHeight()).isEqualTo(expected.getHeight());
        for (int y = 0; y < expected.getHeight(); y++) {
            for (int x = 0; x < expected.getWidth(); x++) {
                assertThat(actual.getRGB(x, y) & 0xffffff).as("(%d, %d)", x, y)
                        .isEqualTo(expected.getRGB(x, y) & 0xffffff);
            }
        }
    }

    @Test
    void anImageComesBackPixelForPixelThroughImageIo() {
        BufferedImage image = noise(37, 23, 1);
        assertSamePixels(image, Decoding.png(PngWriter.encode(image)));
    }

    @Test
    void incompressibleImagesSpanManyChunksAndStayWithinTheWorstCase() {
        BufferedImage image = noise(400, 300, 2);
        ByteBuffer png = PngWriter.encode(image);
        // 360,300 bytes of raw rows cannot fit one 64 KiB IDAT chunk.
        assertThat(png.remaining()).isGreaterThan(3 * 400 * 300).isLessThanOrEqualTo(
                (int) PngWriter.maxBytes(400, 300, false));
        assertSamePixels(image, Decoding.png(png));
    }

    @Test
    void aOnePixelImageIsValid() {
        BufferedImage image = noise(1, 1, 3);
        assertSamePixels(image, Decoding.png(PngWriter.encode(image)));
    }

    @Test
    void rowsMustComeInOrderAndAllOfThem() {
        int[] row = new int[10];
        assertThatThrownBy(() -> PngWriter.write(10, 2, false, 100, png -> png.row(1, row, 0)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("expected row 0");
        assertThatThrownBy(() -> PngWriter.write(10, 2, false, 100, png -> png.row(0, row, 0)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("only 1 of 2 rows");
    }

    @Test
    void theFileIsReadOnlyAndGrowsPastAWrongGuess() {
        BufferedImage image = noise(50, 50, 4);
        ByteBuffer png = PngWriter.write(50, 50, false, 1, writer -> {
            int[] row = new int[50];
            for (int y = 0; y < 50; y++) {
                writer.row(y, image.getRGB(0, y, 50, 1, row, 0, 50), 0);
            }
        });
        assertThat(png.isReadOnly()).isTrue();
        assertSamePixels(image, Decoding.png(png));
    }

    @Test
    void transparentPixelsKeepTheirAlpha() {
        BufferedImage image = new BufferedImage(30, 20, BufferedImage.TYPE_INT_ARGB);
        SplittableRandom random = new SplittableRandom(5);
        for (int y = 0; y < 20; y++) {
            for (int x = 0; x < 30; x++) {
                image.setRGB(x, y, random.nextInt());
            }
        }
        BufferedImage decoded = Decoding.png(PngWriter.encode(image));
        assertThat(decoded.getColorModel().hasAlpha()).isTrue();
        for (int y = 0; y < 20; y++) {
            for (int x = 0; x < 30; x++) {
                assertThat(decoded.getRGB(x, y)).as("(%d, %d)", x, y).isEqualTo(image.getRGB(x, y));
            }
        }
    }

    @Test
    void greysAreStoredAsAPaletteThatDecodersReadAsTheSameLevels() {
        BufferedImage image = new BufferedImage(256, 2, BufferedImage.TYPE_INT_RGB);
        for (int x = 0; x < 256; x++) {
            image.setRGB(x, 0, x << 16 | x << 8 | x);
            image.setRGB(x, 1, (255 - x) * 0x010101);
        }
        ByteBuffer png = PngWriter.write(256, 2, PngWriter.Pixels.GREYS, 0, 1, writer -> {
            int[] row = new int[256];
            for (int y = 0; y < 2; y++) {
                writer.row(y, image.getRGB(0, y, 256, 1, row, 0, 256), 0);
            }
        });
        // IHDR's colour type: 3, indexed.
        assertThat(png.get(8 + 8 + 9)).isEqualTo((byte) 3);
        assertSamePixels(image, Decoding.png(png));
    }

    @Test
    void aCodeOfOneColourOverAnotherIsWrittenAsAPaletteOfItsBlendsAndComesBackExactly() {
        QrMatrix matrix = QrEncoder.encode("https://example.com/blends", ErrorCorrection.M);
        for (BodyStyle body : new BodyStyle[] {BodyStyle.ROUNDED, BodyStyle.DOTS, BodyStyle.STAR}) {
            assertIndexedAndExact(new RenderSpec(matrix, 777, 4, new Design(body, new Rgb(0x1a, 0x23, 0x7e),
                    new Rgb(0xff, 0xf8, 0xe1), null)));
        }
    }

    /** The code's PNG is indexed (colour type 3) and decodes to exactly the pixels the renderer draws. */
    private static void assertIndexedAndExact(RenderSpec spec) {
        ByteBuffer png = RasterRenderer.png(spec);
        assertThat(png.get(8 + 8 + 9)).as("colour type of %s", spec.design()).isEqualTo((byte) 3);
        BufferedImage drawn = new BufferedImage(spec.imageWidth(), spec.imageHeight(), BufferedImage.TYPE_INT_RGB);
        RasterRenderer.streamRows(spec, (y, pixels, offset) ->
                drawn.setRGB(0, y, spec.imageWidth(), 1, pixels, offset, spec.imageWidth()));
        assertSamePixels(drawn, Decoding.png(png));
    }

    @Test
    void anImageOfMoreColoursThanAPaletteHoldsIsNotWrittenAsOne() {
        int[] row = new int[300];
        for (int x = 0; x < row.length; x++) {
            row[x] = x * 0x010203;
        }
        assertThat(PngWriter.writeFewColours(300, 2, 0, 1, writer -> {
            writer.row(0, row, 0);
            writer.row(1, row, 0);
        })).isEmpty();
        // 256 colours in all, the palette's size.
        assertThat(PngWriter.writeFewColours(200, 2, 0, 1, writer -> {
            writer.row(0, row, 0);
            writer.row(1, row, 56);
        })).isPresent();
    }

    @Test
    void codesInGreysAloneAreWrittenAsGreysAndComeBackExactly() {
        QrMatrix matrix = QrEncoder.encode("https://example.com/greys", ErrorCorrection.M);
        Rgb grey = new Rgb(0x55, 0x55, 0x55);
        Design[] greyDesigns = {
            Design.DEFAULT,
            new Design(BodyStyle.DOTS, grey, new Rgb(0xee, 0xee, 0xee),
                    new Gradient(GradientType.RADIAL, Rgb.BLACK)),
            new Design(BodyStyle.ROUNDED, Rgb.BLACK, Rgb.WHITE, null)
                    .withFrame(new Frame(FrameStyle.BANNER_BOTTOM, "SCAN ME", null, null)),
        };
        for (Design design : greyDesigns) {
            assertThat(design.greyOnly()).as("%s", design).isTrue();
            assertIndexedAndExact(new RenderSpec(matrix, 300, 4, design));
        }
        Design coloured = new Design(BodyStyle.ROUNDED, new Rgb(0x1a, 0x23, 0x7e), Rgb.WHITE,
                new Gradient(GradientType.LINEAR, new Rgb(0x6a, 0x1b, 0x9a)));
        assertThat(coloured.greyOnly()).isFalse();
        assertThat(RasterRenderer.png(new RenderSpec(matrix, 300, 4, coloured)).get(8 + 8 + 9)).isEqualTo((byte) 2);
    }
}
