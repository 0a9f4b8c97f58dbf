package dev.qrforge.safety;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.ReaderException;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import dev.qrforge.render.RenderSpec;
import java.util.List;
import java.util.Map;

/**
 * Checks that a rendering decodes back to its data the way a phone's scanner would read it: ZXing's detector finds the
 * three finder patterns in the image, samples the grid it infers and decodes. That is stricter than reading the known
 * grid: a styled body can hold shapes the detector takes for a finder pattern, and styled eyes can escape it, and the
 * calibration suite (docs/scannability-calibration.md) counts a code that ZXing's detector cannot read as one that
 * fails.
 */
public final class DecodeVerifier {

    /*
     * Tried in order: ZXing's default search, which scans every few rows and is quick when it succeeds, then the
     * exhaustive one scanning apps built on ZXing run (TRY_HARDER). Not PURE_BARCODE: it reads the grid from the
     * symbol's outermost pixels and would pass codes whose finder patterns a scanner cannot find.
     */
    private static final List<Map<DecodeHintType, Boolean>> ATTEMPTS = List.of(
            Map.of(),
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
     * Returns whether {@code sample}, taken of a rendering of {@code spec} at exactly {@code spec.size()} pixels,
     * decodes to {@code expectedText}.
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
