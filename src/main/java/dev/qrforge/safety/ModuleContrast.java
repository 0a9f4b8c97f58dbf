package dev.qrforge.safety;

import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import java.util.Arrays;
import java.util.BitSet;

/**
 * The contrast a scanner meets where it reads modules: each module's paint is taken at its centre on the delivered
 * pixels, so a gradient is judged by the colours its modules actually get rather than by its lightest stop, and the
 * eyes by their own colours. The darkest pixel near a dark module's centre and the lightest near a light one's stand
 * for their paint, which anti-aliasing at small sizes only mixes at the edges. The levels are collected from the
 * rows as they are drawn, so the delivered pixels are judged whatever sample the decoders read.
 */
final class ModuleContrast {

    /** The weakest tenth of the modules decides: error correction can restore a few, not a corner's worth. */
    static final double WEAKEST_SHARE = 0.1;
    /** Below this many pixels per module, the centre pixel is smeared and its neighbours are looked at too. */
    private static final double SHARP_MODULE_PIXELS = 3;
    private static final int MAX_GREY = 0xff;

    private final RenderSpec spec;
    private final int total;
    /** Each module row's and column's centre, in pixels of the code's square. */
    private final int[] centres;
    private final int reach;
    /** The darkest and lightest grey level near each module's centre, row after row of modules. */
    private final byte[] darkest;
    private final byte[] lightest;
    /** The first module row whose centre's neighbourhood the rows to come still reach. */
    private int firstOpenRow;

    /** Collects the module centres of {@code spec}'s code square, {@code spec.size()} pixels a side. */
    ModuleContrast(RenderSpec spec) {
        this.spec = spec;
        this.total = spec.totalModules();
        this.centres = new int[total];
        for (int i = 0; i < total; i++) {
            centres[i] = Math.min(spec.size() - 1, spec.moduleCentre(i));
        }
        this.reach = spec.moduleSize() < SHARP_MODULE_PIXELS ? 1 : 0;
        this.darkest = new byte[total * total];
        this.lightest = new byte[total * total];
        Arrays.fill(darkest, (byte) MAX_GREY);
    }

    /** The heap a collector for {@code spec} holds. */
    static long bytesFor(RenderSpec spec) {
        long total = spec.totalModules();
        return 2 * total * total + total * Integer.BYTES;
    }

    /** Takes row {@code y} of the code's square as grey levels; rows arrive in order. */
    void row(int y, int[] grey) {
        while (firstOpenRow < total && centres[firstOpenRow] + reach < y) {
            firstOpenRow++;
        }
        int last = spec.size() - 1;
        for (int row = firstOpenRow; row < total && centres[row] - reach <= y; row++) {
            for (int column = 0, at = row * total; column < total; column++, at++) {
                int centre = centres[column];
                int dark = darkest[at] & MAX_GREY;
                int light = lightest[at] & MAX_GREY;
                for (int x = Math.max(0, centre - reach); x <= Math.min(last, centre + reach); x++) {
                    dark = Math.min(dark, grey[x]);
                    light = Math.max(light, grey[x]);
                }
                darkest[at] = (byte) dark;
                lightest[at] = (byte) light;
            }
        }
    }

    /**
     * The contrast between the weakest tenth of the light modules (quiet zone included) and of the dark modules,
     * leaving out modules under a logo; 1 when the dark modules are no darker than the light ones. Every row must
     * have arrived.
     */
    double measure() {
        int modules = spec.matrix().modules();
        int margin = spec.margin();
        BitSet hidden = spec.hiddenByLogo();
        int[] darks = new int[modules * modules];
        int[] lights = new int[total * total];
        int darkCount = 0;
        int lightCount = 0;
        for (int y = 0; y < total; y++) {
            for (int x = 0; x < total; x++) {
                int sx = x - margin;
                int sy = y - margin;
                boolean inSymbol = sx >= 0 && sy >= 0 && sx < modules && sy < modules;
                if (inSymbol && hidden.get(sy * modules + sx)) {
                    continue;
                }
                if (inSymbol && spec.matrix().isDark(sx, sy)) {
                    darks[darkCount++] = darkest[y * total + x] & MAX_GREY;
                } else {
                    lights[lightCount++] = lightest[y * total + x] & MAX_GREY;
                }
            }
        }
        if (darkCount == 0 || lightCount == 0) {
            return 1;
        }
        Arrays.sort(darks, 0, darkCount);
        Arrays.sort(lights, 0, lightCount);
        int weakestDark = darks[(int) Math.floor((darkCount - 1) * (1 - WEAKEST_SHARE))];
        int weakestLight = lights[(int) Math.ceil((lightCount - 1) * WEAKEST_SHARE)];
        return weakestLight <= weakestDark ? 1 : Rgb.contrastRatio(new Rgb(weakestDark, weakestDark, weakestDark),
                new Rgb(weakestLight, weakestLight, weakestLight));
    }
}
