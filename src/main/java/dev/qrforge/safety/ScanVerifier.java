package dev.qrforge.safety;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.LuminanceSource;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.ReaderException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import com.google.zxing.qrcode.decoder.Decoder;
import dev.qrforge.render.RenderSpec;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.util.List;
import java.util.Map;

/** Checks that a rendering decodes back to its data, with ZXing standing in for a phone's scanner. */
public final class ScanVerifier {

    /*
     * Tried in order. PURE_BARCODE reads an upright, unrotated symbol straight off the grid; ZXing's default detector
     * was measured to miss about 1 % of clean renderings here, which this avoids. But PURE_BARCODE locates the grid
     * by the symbol's outermost dark pixels, which rounded finder corners move, so the full detector, trying harder,
     * stays as the fallback.
     */
    private static final List<Map<DecodeHintType, Boolean>> ATTEMPTS = List.of(
            Map.of(DecodeHintType.PURE_BARCODE, Boolean.TRUE),
            Map.of(DecodeHintType.TRY_HARDER, Boolean.TRUE));

    /** Where a module is read, as a fraction of the module from its top-left corner: its centre. */
    private static final double MODULE_CENTRE = 0.5;

    private ScanVerifier() {
    }

    /** Returns whether {@code image}, taken as opaque, holds a QR code whose text is exactly {@code expectedText}. */
    public static boolean verifies(BufferedImage image, String expectedText) {
        return readsWithHints(bitmap(image), expectedText);
    }

    /**
     * Returns whether {@code image}, a rendering of {@code spec} at exactly {@code spec.size()} pixels, decodes to
     * {@code expectedText}. Knowing the geometry, this first reads every module at its centre, as PURE_BARCODE does
     * once it has found the grid, and only then falls back to {@link #verifies(BufferedImage, String)}: PURE_BARCODE
     * cannot find the grid of rounded styles, and ZXing's detector was measured to miss 1–2 % of clean
     * rounded-pointed renderings, which would turn sound codes RISKY. Reading at the module centres still tests what
     * the design decides, that every module binarises to its true colour and the data decodes.
     */
    public static boolean verifies(BufferedImage image, RenderSpec spec, String expectedText) {
        if (image.getWidth() != spec.size() || image.getHeight() != spec.size()) {
            throw new IllegalArgumentException("image is " + image.getWidth() + "×" + image.getHeight()
                    + " px, spec says " + spec.size());
        }
        // One bitmap for all attempts: it caches the binarised image, the costliest step on large images.
        BinaryBitmap bitmap = bitmap(image);
        return readsOnGrid(bitmap, spec, expectedText) || readsWithHints(bitmap, expectedText);
    }

    private static boolean readsOnGrid(BinaryBitmap bitmap, RenderSpec spec, String expectedText) {
        int modules = spec.matrix().modules();
        double pitch = spec.moduleSize();
        try {
            BitMatrix image = bitmap.getBlackMatrix();
            BitMatrix grid = new BitMatrix(modules);
            for (int y = 0; y < modules; y++) {
                int pixelY = (int) ((spec.margin() + y + MODULE_CENTRE) * pitch);
                for (int x = 0; x < modules; x++) {
                    if (image.get((int) ((spec.margin() + x + MODULE_CENTRE) * pitch), pixelY)) {
                        grid.set(x, y);
                    }
                }
            }
            return new Decoder().decode(grid).getText().equals(expectedText);
        } catch (ReaderException unreadable) {
            return false;
        }
    }

    private static boolean readsWithHints(BinaryBitmap bitmap, String expectedText) {
        for (Map<DecodeHintType, Boolean> hints : ATTEMPTS) {
            try {
                if (new QRCodeReader().decode(bitmap, hints).getText().equals(expectedText)) {
                    return true;
                }
            } catch (ReaderException notFoundOrUnreadable) {
                // The next attempt may still succeed.
            }
        }
        return false;
    }

    private static BinaryBitmap bitmap(BufferedImage image) {
        return new BinaryBitmap(new HybridBinarizer(luminance(image)));
    }

    private static LuminanceSource luminance(BufferedImage image) {
        int width = image.getWidth();
        int height = image.getHeight();
        // Our own images hold exactly their 0xRRGGBB pixels: read in place, as a 5000 px copy would cost 100 MB.
        // Anything else (other types, sub-images sharing a larger buffer) goes through getRGB().
        boolean packedRgb = image.getType() == BufferedImage.TYPE_INT_RGB
                && image.getRaster().getDataBuffer() instanceof DataBufferInt buffer
                && buffer.getNumBanks() == 1 && buffer.getOffset() == 0 && buffer.getSize() == width * height;
        int[] pixels = packedRgb
                ? ((DataBufferInt) image.getRaster().getDataBuffer()).getData()
                : image.getRGB(0, 0, width, height, null, 0, width);
        return new RGBLuminanceSource(width, height, pixels);
    }
}
