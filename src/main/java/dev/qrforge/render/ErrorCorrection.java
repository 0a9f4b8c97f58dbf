package dev.qrforge.render;

import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import com.google.zxing.qrcode.decoder.Mode;
import com.google.zxing.qrcode.decoder.Version;

/**
 * The four QR error-correction levels, from L (recovers about 7 % of the symbol) to H (about 30 %). Higher levels
 * survive more damage and styling at the price of a denser symbol for the same data.
 */
public enum ErrorCorrection {
    L(ErrorCorrectionLevel.L, 0.07),
    M(ErrorCorrectionLevel.M, 0.15),
    Q(ErrorCorrectionLevel.Q, 0.25),
    H(ErrorCorrectionLevel.H, 0.30);

    private static final int LARGEST_VERSION = 40;
    private static final int MODE_INDICATOR_BITS = 4;

    private final ErrorCorrectionLevel zxing;
    private final double recoverable;
    private final int maxBinaryBytes;

    ErrorCorrection(ErrorCorrectionLevel zxing, double recoverable) {
        this.zxing = zxing;
        this.recoverable = recoverable;
        this.maxBinaryBytes = largestBytePayload(zxing);
    }

    /** The share of the symbol's codewords this level restores when they are damaged, as ISO/IEC 18004 states it. */
    public double recoverable() {
        return recoverable;
    }

    /** Returns ZXing's constant for this level. */
    public ErrorCorrectionLevel zxing() {
        return zxing;
    }

    /**
     * Returns the most bytes a single byte-mode segment without ECI can carry at this level, i.e. in a version-40
     * symbol. Text that ZXing encodes in numeric or alphanumeric mode can be longer; UTF-8 text loses a byte or two
     * to its ECI header.
     */
    public int maxBinaryBytes() {
        return maxBinaryBytes;
    }

    private static int largestBytePayload(ErrorCorrectionLevel level) {
        Version version = Version.getVersionForNumber(LARGEST_VERSION);
        int dataCodewords = version.getTotalCodewords() - version.getECBlocksForLevel(level).getTotalECCodewords();
        int headerBits = MODE_INDICATOR_BITS + Mode.BYTE.getCharacterCountBits(version);
        return (dataCodewords * Byte.SIZE - headerBits) / Byte.SIZE;
    }
}
