package dev.qrforge.composite;

import dev.qrforge.testing.Backgrounds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.api.ApiException;
import dev.qrforge.qr.LogoReader;
import dev.qrforge.images.ImageFile;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

/** Hostile and broken images are each the caller's error on the image's field, before they can cost much. */
class BackgroundImagesTest {

    private static final String FIELD = "backgrounds[0].image";

    private static AbstractThrowableAssert<?, ? extends Throwable> rejects(String image) {
        return assertThatThrownBy(() -> decode(image))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo(FIELD));
    }


    private static BufferedImage decode(String image) {
        return BackgroundImages.decode(BackgroundImages.read(image, FIELD), FIELD);
    }

    @Test
    void readsPngAndJpegBareOrAsDataUris() {
        BufferedImage sky = Backgrounds.sky();
        for (String image : List.of(Backgrounds.pngDataUri(sky), Backgrounds.jpegDataUri(sky),
                Backgrounds.base64(Backgrounds.file(sky, "png")), Backgrounds.base64(Backgrounds.file(sky, "jpeg")),
                "DATA:Image/PNG;BASE64," + Backgrounds.base64(Backgrounds.file(sky, "png")))) {
            BufferedImage decoded = decode(image);
            assertThat(decoded.getColorModel().hasAlpha()).isFalse();
            assertThat(decoded.getColorModel().getNumColorComponents()).isEqualTo(3);
            assertThat(decoded.getWidth()).isEqualTo(Backgrounds.WIDTH);
            assertThat(decoded.getHeight()).isEqualTo(Backgrounds.HEIGHT);
        }
    }

    @Test
    void transparencyIsFlattenedOntoWhite() {
        BufferedImage translucent = new BufferedImage(200, 100, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = translucent.createGraphics();
        g.setColor(Color.BLACK);
        g.fillRect(0, 0, 100, 100);
        g.dispose();
        BufferedImage decoded = decode(Backgrounds.pngDataUri(translucent));
        assertThat(decoded.getRGB(50, 50) & 0xffffff).isZero();
        assertThat(decoded.getRGB(150, 50) & 0xffffff).isEqualTo(0xffffff);
    }

    @Test
    void theHeaderTellsWhatDecodingWillCost() {
        ImageFile jpeg = BackgroundImages.read(Backgrounds.jpegDataUri(Backgrounds.sky()), FIELD);
        assertThat(jpeg.width()).isEqualTo(Backgrounds.WIDTH);
        assertThat(jpeg.height()).isEqualTo(Backgrounds.HEIGHT);
        // JPEG decodes to 3 bytes a pixel, already RGB: nothing to convert.
        assertThat(jpeg.decodeBytes()).isEqualTo(3L * Backgrounds.WIDTH * Backgrounds.HEIGHT);
        BufferedImage translucent = new BufferedImage(200, 100, BufferedImage.TYPE_INT_ARGB);
        ImageFile png = BackgroundImages.read(Backgrounds.pngDataUri(translucent), FIELD);
        // RGBA decodes to 4 bytes a pixel and is flattened into a 4-byte RGB copy.
        assertThat(png.decodeBytes()).isEqualTo(8L * 200 * 100);
    }

    @Test
    void payloadsOverTenMegabytesAreRefused() {
        // Too long to be 10 MB: refused without decoding.
        rejects("A".repeat(13_333_340)).hasMessage(FIELD + " is larger than 10 MB");
        // Just long enough to decode to 10,000,002 bytes.
        rejects("A".repeat(13_333_336)).hasMessage(FIELD + " is larger than 10 MB");
    }

    @Test
    void decompressionBombsAreRefusedFromTheirHeader() {
        byte[] bomb = Backgrounds.pngClaiming(100_000, 100_000);
        assertThat(bomb.length).isLessThan(2_000);
        rejects(Backgrounds.base64(bomb)).hasMessage(FIELD + " is 100000×100000 px; at most 40 megapixels are"
                + " accepted");
        rejects(Backgrounds.base64(Backgrounds.pngClaiming(8_000, 5_001))).hasMessageContaining("8000×5001 px");
    }

    @Test
    void truncatedAndCorruptFilesAreRefused() {
        for (String format : List.of("png", "jpeg")) {
            byte[] file = Backgrounds.file(Backgrounds.noise(), format);
            rejects(Backgrounds.base64(Arrays.copyOf(file, file.length / 2)))
                    .hasMessageContaining("not a readable " + format.toUpperCase()).hasMessageContaining("truncated");
        }
        // Within the limits, but its compressed data ends long before the rows its header promises.
        rejects(Backgrounds.base64(Backgrounds.pngClaiming(2_000, 2_000))).hasMessageContaining("not a readable PNG");
        byte[] garbage = new byte[4_000];
        new Random(7).nextBytes(garbage);
        System.arraycopy(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, 0, garbage, 0, 8);
        rejects(Backgrounds.base64(garbage)).hasMessageContaining("not a readable PNG");
    }

    @Test
    void otherFormatsAndNonImagesAreRefused() {
        byte[] random = new byte[4_000];
        new Random(11).nextBytes(random);
        rejects(Backgrounds.base64(random)).hasMessageContaining("not an image this service reads; image/png, image/jpeg are accepted");
        rejects(Backgrounds.base64(Backgrounds.file(Backgrounds.sky(), "gif"))).hasMessageContaining("not an image this service reads");
        rejects(Backgrounds.base64("<svg xmlns='http://www.w3.org/2000/svg'/>".getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("not an image this service reads");
    }

    @Test
    void brokenEncodingsAreRefused() {
        rejects("iVBORw0K*not base64*").hasMessageContaining("not valid base64");
        rejects("").hasMessage(FIELD + " is empty");
        rejects(null).hasMessage(FIELD + " is required");
        rejects("data:text/html;base64,PGgxPmhpPC9oMT4=").hasMessageContaining("media type 'text/html'")
                .hasMessageContaining("image/png, image/jpeg");
        rejects("data:image/png,rawbytes").hasMessageContaining("base64 data URI");
        rejects("data:image/png;base64").hasMessageContaining("base64 data URI");
        rejects("data:image/png;base64," + Backgrounds.base64(Backgrounds.file(Backgrounds.sky(), "jpeg")))
                .hasMessage(FIELD + " is declared image/png but holds image/jpeg");
    }

    @Test
    void theFailingImageIsNamedByItsIndex() {
        String good = Backgrounds.pngDataUri(Backgrounds.flat(Color.WHITE));
        CompositeRequest request = new CompositeRequest("x", null, null, null, null, List.of(
                new BackgroundJson(good, null), new BackgroundJson(good, null),
                new BackgroundJson("data:image/gif;base64,R0lGODlhAQABAAAAACw=", null)), null);
        assertThatThrownBy(() -> Composites.plan(request, LogoReader.inlineOnly()))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("backgrounds[2].image"));
    }
}
