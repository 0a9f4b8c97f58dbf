package dev.qrforge.safety;

import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import java.util.Arrays;
import java.util.BitSet;

/**
 * The contrast a scanner meets where it reads modules: each module's paint is taken at its centre on the delivered
 * pixels, so a gradient is judged by the colours its modules actually get rather than by its lightest stop, and the
 * eyes by their own colours. The darkest pixel near a dark module's centre and the lightest near a light one's stand
 * for their paint, which anti-aliasing at small sizes only mixes at the edges.
 */
final class ModuleContrast {

    /** The weakest tenth of the modules decides: error correction can restore a few, not a corner's worth. */
    static final double WEAKEST_SHARE = 0.1;
    /** Below this many sample pixels per module, the centre pixel is smeared and its neighbours are looked at too. */
    private static final double SHARP_MODULE_PIXELS = 3;

    private ModuleContrast() {
    }

    /**
     * Measures the contrast between the weakest tenth of the light modules (quiet zone included) and of the dark
     * modules, leaving out modules under a logo; 1 when the dark modules are no darker than the light ones.
     *
     * @param factor image pixels per pixel of {@code image}
     */
    static double measure(GreyImage image, int factor, RenderSpec spec) {
        int modules = spec.matrix().modules();
        int margin = spec.margin();
        int total = spec.totalModules();
        BitSet hidden = spec.hiddenByLogo();
        int reach = spec.moduleSize() / factor < SHARP_MODULE_PIXELS ? 1 : 0;
        int[] darks = new int[modules * modules];
        int[] lights = new int[total * total];
        int darkCount = 0;
        int lightCount = 0;
        for (int y = 0; y < total; y++) {
            int cy = Math.min(image.height() - 1, spec.moduleCentre(y) / factor);
            for (int x = 0; x < total; x++) {
                int cx = Math.min(image.width() - 1, spec.moduleCentre(x) / factor);
                int sx = x - margin;
                int sy = y - margin;
                boolean inSymbol = sx >= 0 && sy >= 0 && sx < modules && sy < modules;
                if (inSymbol && hidden.get(sy * modules + sx)) {
                    continue;
                }
                if (inSymbol && spec.matrix().isDark(sx, sy)) {
                    darks[darkCount++] = extreme(image, cx, cy, reach, true);
                } else {
                    lights[lightCount++] = extreme(image, cx, cy, reach, false);
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

    private static int extreme(GreyImage image, int cx, int cy, int reach, boolean darkest) {
        int best = image.at(cx, cy);
        for (int y = Math.max(0, cy - reach); y <= Math.min(image.height() - 1, cy + reach); y++) {
            for (int x = Math.max(0, cx - reach); x <= Math.min(image.width() - 1, cx + reach); x++) {
                best = darkest ? Math.min(best, image.at(x, y)) : Math.max(best, image.at(x, y));
            }
        }
        return best;
    }
}
