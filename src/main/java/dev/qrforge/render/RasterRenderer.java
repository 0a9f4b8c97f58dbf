package dev.qrforge.render;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.LinearGradientPaint;
import java.awt.Paint;
import java.awt.RadialGradientPaint;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.nio.ByteBuffer;

/**
 * Renders a code with Java2D, anti-aliased, in exactly the geometry of {@link SvgRenderer}. Images are drawn in
 * horizontal bands and handed on row by row ({@link RowSink}), so the memory a rendering holds is one band, whatever
 * the image's size.
 */
public final class RasterRenderer {

    /**
     * Pixels per band: 256 KB as 32-bit pixels. Small enough that a 5000 px image costs a four-hundredth of its full
     * size and that the band stays below half of G1's smallest region (a larger array is "humongous", placed in whole
     * regions of its own and wasting most of the second); large enough that the per-band cost (a clear, and a pass
     * over the outline that the rasteriser clips) stays small.
     */
    static final int BAND_PIXELS = 1 << 16;

    private static final int PNG_BYTES_PER_ROW_AND_MODULE = 8;
    private static final int PNG_GRADIENT_PERCENT = 3;
    private static final int RGB_BYTES = 3;
    private static final int PERCENT = 100;
    private static final int PNG_FRAMING_BYTES = 4096;

    private RasterRenderer() {
    }

    /** Returns the rows a band holds for images {@code size} pixels wide. */
    public static int bandRows(int size) {
        return Math.min(size, Math.max(1, BAND_PIXELS / size));
    }

    /** The heap {@link #streamRows} holds while drawing an image {@code size} pixels wide: its band. */
    public static long bandBytes(int size) {
        return (long) size * bandRows(size) * Integer.BYTES;
    }

    /** Draws the opaque {@code size}×{@code size} image of the code and hands it to {@code sink}, top row first. */
    public static void streamRows(RenderSpec spec, RowSink sink) {
        streamRows(spec, sink, bandRows(spec.size()));
    }

    /** As {@link #streamRows(RenderSpec, RowSink)} with bands of {@code bandRows} rows. */
    static void streamRows(RenderSpec spec, RowSink sink, int bandRows) {
        int size = spec.size();
        BufferedImage band = new BufferedImage(size, Math.min(bandRows, size), BufferedImage.TYPE_INT_RGB);
        int[] pixels = ((DataBufferInt) band.getRaster().getDataBuffer()).getData();
        Path2D modules = outline(spec);
        Paint foreground = foregroundPaint(spec);
        Color background = new Color(spec.design().background().rgb());
        for (int top = 0; top < size; top += band.getHeight()) {
            Graphics2D g = band.createGraphics();
            try {
                g.setColor(background);
                g.fillRect(0, 0, size, band.getHeight());
                // Anti-aliasing coverage is computed per pixel, so a band is exactly that part of the whole image.
                g.translate(0, -top);
                paint(g, spec, modules, foreground);
            } finally {
                g.dispose();
            }
            int rows = Math.min(band.getHeight(), size - top);
            for (int row = 0; row < rows; row++) {
                sink.row(top + row, pixels, row * size);
            }
        }
    }

    /** Returns the code as a PNG file of exactly {@code size}×{@code size} pixels. */
    public static ByteBuffer png(RenderSpec spec) {
        return png(spec, RowSink.NONE);
    }

    /** As {@link #png(RenderSpec)}, handing every row to {@code alsoTo} as well, e.g. to verify the image. */
    public static ByteBuffer png(RenderSpec spec, RowSink alsoTo) {
        return PngWriter.write(spec.size(), spec.size(), pngBytes(spec),
                writer -> streamRows(spec, writer.andThen(alsoTo)));
    }

    /**
     * The size a code's PNG file stays below, with margin. What survives deflation is the anti-aliased edges, about
     * one run per module in every row, and, under a gradient, the colour's slow change across dark areas: files
     * measured by bench/run-render-memory.sh stay under 5.3 bytes per pixel row and module, and gradients add under
     * 1.5 % of the raw pixels' 3 bytes; the estimate allows 8 bytes and 3 %, and never more than PNG's worst case.
     */
    public static long pngBytes(RenderSpec spec) {
        long size = spec.size();
        long edges = size * spec.totalModules() * PNG_BYTES_PER_ROW_AND_MODULE;
        long gradient = spec.design().gradient() == null ? 0 : size * size * RGB_BYTES * PNG_GRADIENT_PERCENT / PERCENT;
        return Math.min(PngWriter.maxBytes(spec.size(), spec.size()), edges + gradient + PNG_FRAMING_BYTES);
    }

    /**
     * Paints only the dark modules of the {@code size}×{@code size} code whose top-left corner is at {@code target}'s
     * origin, leaving light modules and the quiet zone untouched, so callers can place a code over an image of their
     * own. {@code target} itself is left as it was.
     */
    public static void paintModules(Graphics2D target, RenderSpec spec) {
        paint(target, spec, outline(spec), foregroundPaint(spec));
    }

    private static void paint(Graphics2D target, RenderSpec spec, Path2D modules, Paint foreground) {
        Graphics2D g = (Graphics2D) target.create();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            // Pure geometry: Java2D would otherwise nudge outlines towards pixel centres, unlike SVG renderers.
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g.translate(spec.symbolOffset(), spec.symbolOffset());
            g.scale(spec.moduleSize(), spec.moduleSize());
            g.setPaint(foreground);
            g.fill(modules);
        } finally {
            g.dispose();
        }
    }

    /** Returns the outline of every dark module, in module units. */
    private static Path2D outline(RenderSpec spec) {
        // Sized up front: Path2D grows by small steps, and copying dominated small renderings.
        int segments = ModuleOutline.runCount(spec.matrix()) * ModuleOutline.MAX_CALLS_PER_RUN;
        Path2D.Float dark = new Path2D.Float(Path2D.WIND_NON_ZERO, segments);
        ModuleOutline.trace(spec.matrix(), spec.design().bodyStyle(), new Path2DSink(dark));
        return dark;
    }

    /** Returns the foreground paint in module units, matching the SVG gradient element by element. */
    private static Paint foregroundPaint(RenderSpec spec) {
        Design design = spec.design();
        Gradient gradient = design.gradient();
        if (gradient == null) {
            return new Color(design.foreground().rgb());
        }
        Color[] colors = design.foregroundStops().stream().map(c -> new Color(c.rgb())).toArray(Color[]::new);
        GradientGeometry geometry = GradientGeometry.of(spec);
        if (geometry instanceof GradientGeometry.Line line) {
            return new LinearGradientPaint((float) line.x1(), (float) line.y1(), (float) line.x2(), (float) line.y2(),
                    gradient.stopOffsets(), colors);
        }
        GradientGeometry.Circle circle = (GradientGeometry.Circle) geometry;
        return new RadialGradientPaint((float) circle.cx(), (float) circle.cy(), (float) circle.r(),
                gradient.stopOffsets(), colors);
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
