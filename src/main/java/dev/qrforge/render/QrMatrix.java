package dev.qrforge.render;

import java.util.BitSet;
import java.util.Objects;

/**
 * The modules of one QR symbol, without quiet zone.
 *
 * @param version         1–40, the symbol's version
 * @param errorCorrection the level its codewords were encoded at
 * @param mask            its mask pattern, 0–7
 * @param modules         the symbol's width and height in modules, {@code 17 + 4 * version}
 * @param dark            bit {@code y * modules + x} is set iff module (x, y) is dark; copied in and out, so a matrix never
 *                        changes once built
 */
public record QrMatrix(int version, ErrorCorrection errorCorrection, int mask, int modules, BitSet dark) {

    public QrMatrix {
        Objects.requireNonNull(errorCorrection, "errorCorrection");
        if (modules < 1) {
            throw new IllegalArgumentException("modules must be positive, got " + modules);
        }
        if (dark.length() > modules * modules) {
            throw new IllegalArgumentException("dark modules beyond a " + modules + "×" + modules + " matrix");
        }
        dark = (BitSet) dark.clone();
    }

    /** Returns a copy of the dark-module bits. */
    @Override
    public BitSet dark() {
        return (BitSet) dark.clone();
    }

    /** Returns whether module (x, y) is dark; coordinates outside the symbol are light, like the quiet zone. */
    public boolean isDark(int x, int y) {
        return x >= 0 && y >= 0 && x < modules && y < modules && dark.get(y * modules + x);
    }
}
