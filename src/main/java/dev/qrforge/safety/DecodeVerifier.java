package dev.qrforge.safety;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.ReaderException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import com.google.zxing.qrcode.decoder.Decoder;
import dev.qrforge.render.RenderSpec;
import java.util.List;
import java.util.Map;

/** Checks that a rendering decodes back to its data, with ZXing standing in for a phone's scanner. */
public final class DecodeVerifier {

    /*
     * Tried in order. PURE_BARCODE reads an upright, unrotated symbol straight off the grid; ZXing's default detector
     * was measured to miss about 1 % of clean renderings here, which this avoids. But PURE_BARCODE locates the grid
     * by the symbol's outermost dark pixels, which rounded finder corners move, so the full detector, trying harder,
     * stays as the fallback.
     */
    private static final List<Map<DecodeHintType, Boolean>> ATTEMPTS = List.of(
            Map.of(DecodeHintType.PURE_BARCODE, Boolean.TRUE),
            Map.of(DecodeHintType.TRY_HARDER, Boolean.TRUE));


    /** The sample itself, the binarised image and ZXing's working copies, each at most the size of the sample. */
    private static final int SAMPLE_COPIES = 3;
    /**
     * What ZXing's detectors and decoder allocate besides: under 0.7 MB was measured, for a dense code too small to
     * read, which goes through every detector.
     */
    private static final int DECODER_BYTES = 1024 * 1024;

    private DecodeVerifier() {
    }

    /** The heap verifying the rendering of {@code spec} holds at its peak, sample included. */
    public static long memoryCost(RenderSpec spec) {
        return SAMPLE_COPIES * DecodeSample.bytesFor(spec) + DECODER_BYTES;
    }

    /**
     * Returns whether {@code sample}, taken of a rendering of {@code spec} at exactly {@code spec.size()} pixels, decodes
     * to {@code expectedText}. Knowing the geometry, this first reads every module at its centre, as PURE_BARCODE does
     * once it has found the grid, and only then tries ZXing's detectors: PURE_BARCODE cannot find the grid of rounded
     * styles, and ZXing's detector was measured to miss 1–2 % of clean rounded-pointed renderings, which would turn
     * sound codes RISKY. Reading at the module centres still tests what the design decides, that every module
     * binarises to its true colour and the data decodes.
     */
    public static boolean verifies(DecodeSample sample, RenderSpec spec, String expectedText) {
        if (sample.sourceWidth() != spec.size() || sample.sourceHeight() != spec.size()) {
            throw new IllegalArgumentException("sample is of " + sample.sourceWidth() + "×" + sample.sourceHeight()
                    + " px, spec says " + spec.size());
        }
        if (!sample.complete()) {
            throw new IllegalStateException("the sample is missing rows");
        }
        // One bitmap for all attempts: it caches the binarised image.
        BinaryBitmap bitmap = new BinaryBitmap(new HybridBinarizer(sample));
        return readsOnGrid(bitmap, spec, sample.factor(), expectedText) || readsWithHints(bitmap, expectedText);
    }

    private static boolean readsOnGrid(BinaryBitmap bitmap, RenderSpec spec, int factor, String expectedText) {
        int modules = spec.matrix().modules();
        try {
            BitMatrix image = bitmap.getBlackMatrix();
            BitMatrix grid = new BitMatrix(modules);
            for (int y = 0; y < modules; y++) {
                int sampleY = spec.moduleCentre(spec.margin() + y) / factor;
                for (int x = 0; x < modules; x++) {
                    if (image.get(spec.moduleCentre(spec.margin() + x) / factor, sampleY)) {
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
}
