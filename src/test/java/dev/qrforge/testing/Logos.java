package dev.qrforge.testing;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Polygon;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/** Logos for the tests: a bitmap drawn with Java2D, and SVG documents benign and hostile. */
public final class Logos {

    /**
     * A blue rounded tile with a white band and an orange dot, on transparency: a typical brand mark, and nothing like
     * a finder pattern (a ring around a square would be one).
     */
    public static final String SVG = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>"
            + "<rect x='4' y='4' width='92' height='92' rx='20' fill='#1565c0'/>"
            + "<path d='M4 70 L70 4 L90 4 L4 90 Z' fill='#ffffff'/>"
            + "<circle cx='70' cy='70' r='14' fill='#ff8f00'/></svg>";

    private Logos() {
    }

    /** The same mark as {@link #SVG}, {@code edge} pixels square, with transparency. */
    public static BufferedImage mark(int edge) {
        BufferedImage image = new BufferedImage(edge, edge, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.scale(edge / 100.0, edge / 100.0);
        g.setColor(new Color(0x1565c0));
        g.fill(new RoundRectangle2D.Double(4, 4, 92, 92, 40, 40));
        g.setColor(Color.WHITE);
        g.fill(new Polygon(new int[] {4, 70, 90, 4}, new int[] {70, 4, 4, 90}, 4));
        g.setColor(new Color(0xff8f00));
        g.fill(new Ellipse2D.Double(56, 56, 28, 28));
        g.dispose();
        return image;
    }

    public static String pngDataUri(int edge) {
        return Backgrounds.pngDataUri(mark(edge));
    }

    /** The mark on white: JPEG has no transparency. */
    public static String jpegDataUri(int edge) {
        BufferedImage rgb = new BufferedImage(edge, edge, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = rgb.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, edge, edge);
        g.drawImage(mark(edge), 0, 0, null);
        g.dispose();
        return Backgrounds.jpegDataUri(rgb);
    }

    /**
     * A photograph-like logo: soft overlapping patches of colour with fine grain, as a JPEG (which has no
     * transparency, so it covers its square): the texture scanners confuse with modules.
     */
    public static String photoJpegDataUri(int edge, long seed) {
        return Backgrounds.jpegDataUri(photo(edge, seed));
    }

    /** The photograph of {@link #photoJpegDataUri} before JPEG compression. */
    public static BufferedImage photo(int edge, long seed) {
        Random random = new Random(seed);
        BufferedImage image = new BufferedImage(edge, edge, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(random.nextInt(0xffffff)));
        g.fillRect(0, 0, edge, edge);
        for (int i = 0; i < 40; i++) {
            g.setColor(new Color(random.nextInt(256), random.nextInt(256), random.nextInt(256), 160));
            double r = edge * (0.05 + 0.2 * random.nextDouble());
            g.fill(new Ellipse2D.Double(random.nextDouble() * edge - r, random.nextDouble() * edge - r, 2 * r, 2 * r));
        }
        g.dispose();
        for (int y = 0; y < edge; y++) {
            for (int x = 0; x < edge; x++) {
                int rgb = image.getRGB(x, y);
                int grain = (int) (random.nextGaussian() * 18);
                int r = clamp((rgb >> 16 & 0xff) + grain);
                int gr = clamp((rgb >> 8 & 0xff) + grain);
                int b = clamp((rgb & 0xff) + grain);
                image.setRGB(x, y, r << 16 | gr << 8 | b);
            }
        }
        return image;
    }

    /**
     * A logo of concentric dark and light squares in a finder pattern's proportions (dark 1, light 1, dark 3, light
     * 1, dark 1), on a light square: it looks to a scanner like a fourth eye.
     */
    public static String finderLikePngDataUri(int edge, Color dark) {
        return Backgrounds.pngDataUri(finderLike(edge, dark));
    }

    /** The image of {@link #finderLikePngDataUri}. */
    public static BufferedImage finderLike(int edge, Color dark) {
        BufferedImage image = new BufferedImage(edge, edge, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        double unit = edge / 9.0;
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, edge, edge);
        g.setColor(dark);
        g.fill(new Rectangle2D.Double(unit, unit, 7 * unit, 7 * unit));
        g.setColor(Color.WHITE);
        g.fill(new Rectangle2D.Double(2 * unit, 2 * unit, 5 * unit, 5 * unit));
        g.setColor(dark);
        g.fill(new Rectangle2D.Double(3 * unit, 3 * unit, 3 * unit, 3 * unit));
        g.dispose();
        return image;
    }

    private static int clamp(int channel) {
        return Math.max(0, Math.min(255, channel));
    }

    public static String svgDataUri(String svg) {
        return "data:image/svg+xml;base64," + Backgrounds.base64(svg.getBytes(StandardCharsets.UTF_8));
    }
}
