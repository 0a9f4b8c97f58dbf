package dev.qrforge.testing;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Polygon;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;

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

    public static String svgDataUri(String svg) {
        return "data:image/svg+xml;base64," + Backgrounds.base64(svg.getBytes(StandardCharsets.UTF_8));
    }
}
