package dev.qrforge.safety;

import dev.qrforge.render.Logo;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.Arrays;

/**
 * What a logo does to the code around it, measured on the logo as it is drawn (on the code's ground, at the code's
 * scale): how busy it is from one module to the next, and whether it holds a shape a scanner takes for one of the
 * code's eyes.
 *
 * @param busyness   the median WCAG contrast between points of the logo one module apart: 1 for a flat mark, whose
 *                   points mostly lie inside one flat area, above {@code 1.1} for a photograph, whose grain and
 *                   shading change from one module to the next everywhere
 * @param finderLike whether the logo holds dark and light runs in the eyes' proportions 1:1:3:1:1, across and down,
 *                   at about the eyes' scale: ZXing's and zbar's detectors look for exactly that, and a fourth "eye"
 *                   makes them pair the wrong three
 */
public record LogoTraits(double busyness, boolean finderLike) {

    /** A logo drawn larger than this, in pixels a side, is measured at this size: enough to resolve its shapes. */
    static final int PROBE_EDGE = 160;
    /** Finder-like runs are looked for at unit lengths of this share to this multiple of a module: an eye's scale. */
    static final double MIN_UNIT_MODULES = 0.5;
    static final double MAX_UNIT_MODULES = 2;
    /** Dark and light in the logo must differ by at least this contrast for runs to count at all. */
    static final double MIN_RUN_CONTRAST = 3;
    private static final int[] FINDER_RATIO = {1, 1, 3, 1, 1};
    private static final int FINDER_UNITS = 7;
    private static final int MAX_GREY = 255;

    /** Measures the logo of {@code spec}, which must have one. */
    public static LogoTraits of(RenderSpec spec) {
        Logo logo = spec.logo();
        Rgb ground = spec.design().transparent() ? Rgb.WHITE : spec.design().background();
        double[] box = spec.logoBox();
        double modules = Math.max(box[2], box[3]);
        int edge = (int) Math.max(FINDER_UNITS, Math.min(PROBE_EDGE, Math.round(spec.moduleSize() * modules)));
        double pixelsPerModule = edge / modules;
        BufferedImage drawn = drawn(logo, ground, edge);
        return new LogoTraits(medianContrast(drawn, Math.max(1, (int) Math.round(pixelsPerModule))),
                finderLike(drawn, pixelsPerModule));
    }

    /** The median contrast between each point and the points {@code step} pixels to its right and below it. */
    private static double medianContrast(BufferedImage image, int step) {
        int edge = image.getWidth();
        if (step >= edge) {
            return 1;
        }
        double[] luminance = new double[edge * edge];
        for (int i = 0; i < luminance.length; i++) {
            luminance[i] = Rgb.fromRgb(image.getRGB(i % edge, i / edge)).relativeLuminance();
        }
        double[] contrasts = new double[2 * edge * (edge - step)];
        int count = 0;
        for (int y = 0; y < edge; y++) {
            for (int x = 0; x < edge; x++) {
                if (x + step < edge) {
                    contrasts[count++] = Rgb.contrastRatio(luminance[y * edge + x], luminance[y * edge + x + step]);
                }
                if (y + step < edge) {
                    contrasts[count++] = Rgb.contrastRatio(luminance[y * edge + x], luminance[(y + step) * edge + x]);
                }
            }
        }
        Arrays.sort(contrasts, 0, count);
        return contrasts[count / 2];
    }

    /** The logo fitted into an {@code edge}-pixel square over {@code ground}, as the renderers draw it. */
    private static BufferedImage drawn(Logo logo, Rgb ground, int edge) {
        BufferedImage image = new BufferedImage(edge, edge, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.setColor(new Color(ground.rgb()));
            g.fillRect(0, 0, edge, edge);
            double scale = (double) edge / Math.max(logo.image().getWidth(), logo.image().getHeight());
            int width = (int) Math.round(logo.image().getWidth() * scale);
            int height = (int) Math.round(logo.image().getHeight() * scale);
            g.drawImage(logo.image(), (edge - width) / 2, (edge - height) / 2, width, height, null);
        } finally {
            g.dispose();
        }
        return image;
    }

    /**
     * Looks, row by row, for dark-light-dark-light-dark runs in the finder's proportions (each run within half a unit
     * of its share, as ZXing's detector allows), and confirms each down the column through its centre.
     */
    private static boolean finderLike(BufferedImage image, double pixelsPerModule) {
        int edge = image.getWidth();
        int[] grey = new int[edge * edge];
        int darkest = MAX_GREY;
        int lightest = 0;
        for (int i = 0; i < grey.length; i++) {
            grey[i] = GreyImage.grey(image.getRGB(i % edge, i / edge));
            darkest = Math.min(darkest, grey[i]);
            lightest = Math.max(lightest, grey[i]);
        }
        if (Rgb.contrastRatio(new Rgb(darkest, darkest, darkest), new Rgb(lightest, lightest, lightest))
                < MIN_RUN_CONTRAST) {
            return false;
        }
        int threshold = (darkest + lightest) / 2;
        boolean[] dark = new boolean[grey.length];
        for (int i = 0; i < grey.length; i++) {
            dark[i] = grey[i] < threshold;
        }
        for (int y = 0; y < edge; y++) {
            for (int centre : finderCentres(dark, edge, y * edge, 1, edge, pixelsPerModule)) {
                int[] down = finderCentres(dark, edge, centre, edge, edge, pixelsPerModule);
                for (int row : down) {
                    if (Math.abs(row - y) <= Math.max(1, pixelsPerModule)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * The positions along one line (starting at {@code start}, {@code step} apart, {@code length} pixels; a row from
     * its first pixel, or the column through {@code start}) where a finder-like run pattern is centred.
     */
    private static int[] finderCentres(boolean[] dark, int edge, int start, int step, int length,
            double pixelsPerModule) {
        int first = step == 1 ? start : start % edge;
        int[] runs = new int[length + 1];
        boolean[] runDark = new boolean[length + 1];
        int[] runStart = new int[length + 1];
        int count = 0;
        for (int i = 0; i < length; i++) {
            boolean d = dark[first + i * step];
            if (count == 0 || runDark[count - 1] != d) {
                runDark[count] = d;
                runStart[count] = i;
                count++;
            }
            runs[count - 1]++;
        }
        int[] centres = new int[count];
        int found = 0;
        for (int r = 0; r + FINDER_RATIO.length <= count; r++) {
            if (!runDark[r]) {
                continue;
            }
            int total = 0;
            for (int k = 0; k < FINDER_RATIO.length; k++) {
                total += runs[r + k];
            }
            double unit = (double) total / FINDER_UNITS;
            if (unit < MIN_UNIT_MODULES * pixelsPerModule || unit > MAX_UNIT_MODULES * pixelsPerModule) {
                continue;
            }
            boolean matches = true;
            for (int k = 0; k < FINDER_RATIO.length && matches; k++) {
                matches = Math.abs(runs[r + k] - FINDER_RATIO[k] * unit) < FINDER_RATIO[k] * unit / 2;
            }
            if (matches) {
                centres[found++] = runStart[r + 2] + runs[r + 2] / 2;
            }
        }
        return Arrays.copyOf(centres, found);
    }
}
