package dev.qrforge.render;

import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.qrcode.encoder.ByteMatrix;
import com.google.zxing.qrcode.encoder.Encoder;
import com.google.zxing.qrcode.encoder.QRCode;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.Map;

/** Turns text into a QR module matrix, choosing the smallest version that holds it. */
public final class QrEncoder {

    /*
     * Without a hint ZXing writes ISO-8859-1 bytes and no ECI header, which every decoder reads correctly for ASCII.
     * Other text needs UTF-8, and the ECI header that tells decoders so; decoders that guess the charset instead
     * often guess wrong.
     */
    private static final Map<EncodeHintType, ?> UTF_8 =
            Map.of(EncodeHintType.CHARACTER_SET, StandardCharsets.UTF_8.name());

    /** QR symbols have eight mask patterns, 0 to 7 (ISO/IEC 18004, 7.8.2). */
    public static final int MASK_PATTERNS = 8;

    private static final char LAST_ASCII = 0x7f;

    private QrEncoder() {
    }

    /**
     * Encodes {@code data} at error correction {@code ec}, with the mask pattern the standard's penalty rules choose.
     *
     * @throws DataTooLongException if even a version-40 symbol cannot hold the data
     */
    public static QrMatrix encode(String data, ErrorCorrection ec) {
        return encode(data, ec, null);
    }

    /**
     * As {@link #encode(String, ErrorCorrection)}, with mask pattern {@code mask} (0–7) instead, or the chosen one if
     * null.
     */
    public static QrMatrix encode(String data, ErrorCorrection ec, Integer mask) {
        Map<EncodeHintType, Object> hints = new EnumMap<>(EncodeHintType.class);
        if (!isAscii(data)) {
            hints.putAll(UTF_8);
        }
        if (mask != null) {
            hints.put(EncodeHintType.QR_MASK_PATTERN, mask);
        }
        QRCode code;
        try {
            code = Encoder.encode(data, ec.zxing(), hints);
        } catch (WriterException e) {
            // With the mode chosen by ZXing itself and a charset every JVM has, capacity is the only way to fail.
            throw new DataTooLongException(ec);
        }
        ByteMatrix matrix = code.getMatrix();
        int modules = matrix.getWidth();
        BitSet dark = new BitSet(modules * modules);
        for (int y = 0; y < modules; y++) {
            for (int x = 0; x < modules; x++) {
                dark.set(y * modules + x, matrix.get(x, y) == 1);
            }
        }
        return new QrMatrix(code.getVersion().getVersionNumber(), ec, code.getMaskPattern(), modules, dark);
    }

    private static boolean isAscii(String data) {
        return data.chars().allMatch(c -> c <= LAST_ASCII);
    }
}
