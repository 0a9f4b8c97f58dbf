package dev.qrforge.render;

import com.pngencoder.PngEncoder;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.LinearGradientPaint;
import java.awt.Paint;
import java.awt.RadialGradientPaint;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;

/** Renders a code with Java2D, anti-aliased, in exactly the geometry of {@link SvgRenderer}. */
public final class RasterRenderer {

    /**
     * zlib level for PNG output. QR images are large flat areas that compress well even at the fastest level; higher
     * levels cost several times the encoding time for a few per cent of size.
     */
    static final int PNG_COMPRESSION_LEVEL = 1;

    private RasterRenderer() {
    }

    /** Returns an opaque {@code size}×{@code size} image of the code. */
    public static BufferedImage draw(RenderSpec spec) {
        int size = spec.size();
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(new Color(spec.design().background().rgb()));
            g.fillRect(0, 0, size, size);
            paintModules(g, spec);
        } finally {
            g.dispose();
        }
        return image;
    }

    /**
     * Paints only the dark modules of the {@code size}×{@code size} code whose top-left corner is at {@code target}'s
     * origin, leaving light modules and the quiet zone untouched, so callers can place a code over an image of their
     * own. {@code target} itself is left as it was.
     */
    public static void paintModules(Graphics2D target, RenderSpec spec) {
        Graphics2D g = (Graphics2D) target.create();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            // Pure geometry: Java2D would otherwise nudge outlines towards pixel centres, unlike SVG renderers.
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g.translate(spec.symbolOffset(), spec.symbolOffset());
            g.scale(spec.moduleSize(), spec.moduleSize());
            g.setPaint(foregroundPaint(spec));
            // Sized up front: Path2D grows by small steps, and copying dominated small renderings.
            int segments = ModuleOutline.runCount(spec.matrix()) * ModuleOutline.MAX_CALLS_PER_RUN;
            Path2D.Float dark = new Path2D.Float(Path2D.WIND_NON_ZERO, segments);
            ModuleOutline.trace(spec.matrix(), spec.design().bodyStyle(), new Path2DSink(dark));
            g.fill(dark);
        } finally {
            g.dispose();
        }
    }

    /** Returns the code as a PNG file of exactly {@code size}×{@code size} pixels. */
    public static byte[] png(RenderSpec spec) {
        return png(draw(spec));
    }

    /** Encodes an image as PNG, for callers that also need the image itself. */
    public static byte[] png(BufferedImage image) {
        return new PngEncoder().withBufferedImage(image).withCompressionLevel(PNG_COMPRESSION_LEVEL).toBytes();
    }

    /** Returns the foreground paint in module units, matching the SVG gradient element by element. */
    private static Paint foregroundPaint(RenderSpec spec) {
        Design design = spec.design();
        Gradient gradient = design.gradient();
        if (gradient == null) {
            return new Color(design.foreground().rgb());
        }
        Color[] colors = design.foregroundStops().stream().map(c -> new Color(c.rgb())).toArray(Color[]::new);
        float modules = spec.matrix().modules();
        return switch (gradient.type()) {
            case LINEAR -> new LinearGradientPaint(0, 0, modules, modules, gradient.stopOffsets(), colors);
            case RADIAL -> new RadialGradientPaint((float) spec.symbolCentre(), (float) spec.symbolCentre(),
                    (float) spec.symbolHalfDiagonal(), gradient.stopOffsets(), colors);
        };
    }

    /** Builds a Java2D path from outlines, approximating quarter circles by cubic Béziers. */
    private static final class Path2DSink implements ModuleOutline.Sink {

        /**
         * Distance of a cubic Bézier's control points from its ends, as a fraction of the distance to the corner,
         * for the standard approximation of a quarter circle: 4/3·(√2 − 1), off by at most 0.03 % of the radius.
         */
        private static final double KAPPA = 4.0 / 3.0 * (Math.sqrt(2) - 1);

        private final Path2D path;
        private double currentX;
        private double currentY;

        Path2DSink(Path2D path) {
            this.path = path;
        }

        @Override
        public void moveTo(double x, double y) {
            path.moveTo(x, y);
            currentX = x;
            currentY = y;
        }

        @Override
        public void lineTo(double x, double y) {
            path.lineTo(x, y);
            currentX = x;
            currentY = y;
        }

        @Override
        public void roundTo(double cornerX, double cornerY, double x, double y) {
            path.curveTo(currentX + KAPPA * (cornerX - currentX), currentY + KAPPA * (cornerY - currentY),
                    x + KAPPA * (cornerX - x), y + KAPPA * (cornerY - y), x, y);
            currentX = x;
            currentY = y;
        }

        @Override
        public void close() {
            path.closePath();
        }
    }
}
