package dev.qrforge.testing;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.NotFoundException;
import com.google.zxing.ChecksumException;
import com.google.zxing.FormatException;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.GlobalHistogramBinarizer;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
    public static BufferedImage png(ByteBuffer png) {
        return png(bytes(png));
    }

    /** The bytes of a buffer, which stays as it was. */
    public static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
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
        return rasterise(svg, null);
    }

    /** Rasterises an SVG document with Batik at the given width (null: its own), keeping its aspect. */
    public static BufferedImage rasterise(String svg, Float width) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            PNGTranscoder transcoder = new PNGTranscoder();
            if (width != null) {
                transcoder.addTranscodingHint(PNGTranscoder.KEY_WIDTH, width);
            }
            transcoder.transcode(
                    new TranscoderInput(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8))),
                    new TranscoderOutput(out));
            return png(out.toByteArray());
        } catch (TranscoderException e) {
            throw new AssertionError("Batik could not render the SVG: " + e.getMessage(), e);
        }
    }

    /**
     * The text in the QR code, read by ZXing's own detectors (not the production verifier), or an AssertionError.
     * Like a phone's scanner it tries more than once: ZXing's detector alone misses 1–2 % of sound rounded
     * renderings, each binariser and the pure-barcode reader miss different ones.
     */
    public static String text(BufferedImage image) {
        BufferedImageLuminanceSource source = new BufferedImageLuminanceSource(image);
        List<BinaryBitmap> bitmaps = List.of(new BinaryBitmap(new HybridBinarizer(source)),
                new BinaryBitmap(new GlobalHistogramBinarizer(source)));
        List<Map<DecodeHintType, Object>> hints = List.of(Map.of(DecodeHintType.TRY_HARDER, Boolean.TRUE),
                Map.of(DecodeHintType.PURE_BARCODE, Boolean.TRUE));
        Exception last = null;
        for (Map<DecodeHintType, Object> hint : hints) {
            for (BinaryBitmap bitmap : bitmaps) {
                try {
                    return new QRCodeReader().decode(bitmap, hint).getText();
                } catch (NotFoundException | ChecksumException | FormatException e) {
                    last = e;
                }
            }
        }
        throw new AssertionError("no QR code could be read: " + last, last);
    }

    /**
     * The text of an SVG code, read from Batik's rendering at its own size and, failing that, at a larger size
     * (as a phone held closer would see it).
     */
    public static String svgText(String svg) {
        try {
            return text(rasterise(svg));
        } catch (AssertionError atOwnSize) {
            return text(rasterise(svg, ENLARGED_WIDTH));
        }
    }

    private static final float ENLARGED_WIDTH = 800f;

    public static String pngText(byte[] png) {
        return text(png(png));
    }

    public static String pngText(ByteBuffer png) {
        return text(png(png));
    }
}
