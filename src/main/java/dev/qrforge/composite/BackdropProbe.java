package dev.qrforge.composite;

import dev.qrforge.render.QrMatrix;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import dev.qrforge.safety.Backdrop;
import dev.qrforge.safety.Texture;
import java.awt.image.BufferedImage;
import java.util.Arrays;

/**
 * Measures what a code placed over an image stands on, at the centres of its modules (quiet zone included): the
 * points a scanner reads once it has found the grid.
 */
final class BackdropProbe {

    /*
     * Scanners fail on an image's worst patches, so the darkest tenth of the light ground and the lightest tenth of
     * the dark modules decide the contrast; taking a tenth rather than the extreme keeps a few stray pixels (JPEG
     * ringing, a thin line) from deciding alone.
     */
    static final double LIGHT_PERCENTILE = 0.1;
    static final double DARK_PERCENTILE = 0.9;

    private BackdropProbe() {
    }

    /**
     * Returns the relative luminance of {@code image} at every module centre of the code {@code spec} placed at
     * {@code box}, row by row over {@code spec.totalModules()} squared modules.
     */
    static double[] sample(BufferedImage image, Placement.Box box, RenderSpec spec) {
        int modules = spec.totalModules();
        double[] luminance = new double[modules * modules];
        for (int y = 0; y < modules; y++) {
            int pixelY = box.y() + spec.moduleCentre(y);
            for (int x = 0; x < modules; x++) {
                int pixelX = box.x() + spec.moduleCentre(x);
                luminance[y * modules + x] = Rgb.fromRgb(image.getRGB(pixelX, pixelY)).relativeLuminance();
            }
        }
        return luminance;
    }

    /**
     * Measures a placed code.
     *
     * @param ground    {@link #sample} of the image before the code was drawn (plate included): its texture
     * @param composite {@link #sample} after: light modules and quiet zone show the ground, dark ones the code
     */
    static Backdrop measure(double[] ground, double[] composite, RenderSpec spec, Placement.Box box) {
        int modules = spec.totalModules();
        QrMatrix matrix = spec.matrix();
        double[] light = new double[composite.length];
        double[] dark = new double[composite.length];
        int lightCount = 0;
        int darkCount = 0;
        for (int y = 0; y < modules; y++) {
            for (int x = 0; x < modules; x++) {
                double luminance = composite[y * modules + x];
                if (matrix.isDark(x - spec.margin(), y - spec.margin())) {
                    dark[darkCount++] = luminance;
                } else {
                    light[lightCount++] = luminance;
                }
            }
        }
        // Every symbol has both: dark finder patterns and the light separators around them.
        double lightGround = percentile(Arrays.copyOf(light, lightCount), LIGHT_PERCENTILE);
        double darkModules = percentile(Arrays.copyOf(dark, darkCount), DARK_PERCENTILE);
        double contrast = lightGround > darkModules ? Rgb.contrastRatio(lightGround, darkModules) : 1;
        return new Backdrop(box.describe(), contrast, Texture.busyness(ground, modules));
    }

    private static double percentile(double[] values, double fraction) {
        Arrays.sort(values);
        return values[(int) Math.round(fraction * (values.length - 1))];
    }
}
