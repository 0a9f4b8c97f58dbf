package dev.qrforge.testing;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.NotFoundException;
import com.google.zxing.ChecksumException;
import com.google.zxing.FormatException;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.imageio.ImageIO;
import org.apache.batik.transcoder.TranscoderException;
import org.apache.batik.transcoder.TranscoderInput;
import org.apache.batik.transcoder.TranscoderOutput;
import org.apache.batik.transcoder.image.PNGTranscoder;

/**
 * Reads what the service produced the way a third party would: SVG rasterised by Batik (not by the service's
 * own renderer), then decoded by ZXing.
 */
public final class Decoding {

    private Decoding() {
    }

    /** Reads a PNG with ImageIO. */
    public static BufferedImage png(byte[] png) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            if (image == null) {
                throw new AssertionError("not a PNG");
            }
            return image;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rasterises an SVG document with Batik at its own width and height. */
    public static BufferedImage rasterise(String svg) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new PNGTranscoder().transcode(
                    new TranscoderInput(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8))),
                    new TranscoderOutput(out));
            return png(out.toByteArray());
        } catch (TranscoderException e) {
            throw new AssertionError("Batik could not render the SVG: " + e.getMessage(), e);
        }
    }

    /** The text in the QR code, read by ZXing's full detector (not the production verifier), or an AssertionError. */
    public static String text(BufferedImage image) {
        BinaryBitmap bitmap = new BinaryBitmap(new HybridBinarizer(new BufferedImageLuminanceSource(image)));
        try {
            return new QRCodeReader().decode(bitmap, Map.of(DecodeHintType.TRY_HARDER, Boolean.TRUE)).getText();
        } catch (NotFoundException | ChecksumException | FormatException e) {
            throw new AssertionError("no QR code could be read: " + e, e);
        }
    }

    public static String svgText(String svg) {
        return text(rasterise(svg));
    }

    public static String pngText(byte[] png) {
        return text(png(png));
    }
}
