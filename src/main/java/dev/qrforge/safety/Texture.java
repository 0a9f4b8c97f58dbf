package dev.qrforge.safety;

import dev.qrforge.render.Rgb;

/** How much an image changes from one module to the next: what a scanner's binariser mistakes for modules. */
public final class Texture {

    private Texture() {
    }

    /**
     * Returns the geometric mean of the WCAG contrast between horizontally and vertically neighbouring samples of a
     * {@code width}-wide grid of relative luminances: 1 on flat ground, barely more on smooth gradients, and large
     * where the image changes from one module to the next.
     */
    public static double busyness(double[] luminance, int width) {
        int height = luminance.length / width;
        double sumOfLogs = 0;
        int pairs = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                double here = luminance[y * width + x];
                if (x + 1 < width) {
                    sumOfLogs += Math.log(Rgb.contrastRatio(here, luminance[y * width + x + 1]));
                    pairs++;
                }
                if (y + 1 < height) {
                    sumOfLogs += Math.log(Rgb.contrastRatio(here, luminance[(y + 1) * width + x]));
                    pairs++;
                }
            }
        }
        return pairs == 0 ? 1 : Math.exp(sumOfLogs / pairs);
    }
}
