package dev.qrforge.render;

import java.awt.AlphaComposite;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.LinearGradientPaint;
import java.awt.Paint;
import java.awt.RadialGradientPaint;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Renders a code with Java2D, anti-aliased, in exactly the geometry of {@link SvgRenderer}: the same {@link Layers},
 * the same gradient, the same logo box. Images are drawn in horizontal bands and handed on row by row
 * ({@link RowSink}), so the memory a rendering holds is one band, whatever the image's size. A transparent design
 * gives rows with alpha. A code of square modules alone is drawn on whole pixels instead ({@link AlignedRaster}). A
 * frame is drawn in bands of its own, around the rows of the code drawn alone.
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
    private static final int RGBA_BYTES = 4;
    private static final int PERCENT = 100;
    private static final int PNG_FRAMING_BYTES = 4096;
    /** What a repeated row of a code on whole pixels takes in its PNG file at most, deflated. */
    private static final int REPEATED_ROW_BYTES = 4;
    /** Edges of a frame's shapes a row of the image crosses at most (a speech bubble's tail, a bracket's arms). */
    private static final int FRAME_RUNS = 8;
    /** A caption's character, in a row of its band, as so many modules' runs: up to four strokes, anti-aliased. */
    static final int RUNS_PER_CAPTION_CHAR = 4;
    /**
     * What one caption character's glyph outline takes in a Java2D path at most, its growth included: the font's
     * most intricate glyph takes under 21 KB (FrameRenderingTest measures every glyph), a Latin letter under 1 KB.
     */
    static final int PATH_BYTES_PER_CAPTION_CHAR = 24 * 1024;
    /** Path segments a dark module may need: a circle's four arcs and their line joins, with room to spare. */
    private static final int SEGMENTS_PER_MODULE = 12;
    /**
     * What a dark module's outline takes in a Java2D path at most: a star's ten points or a circle's four arcs
     * (coordinates as floats, a type byte per segment), doubled for the path's growth.
     */
    private static final int PATH_BYTES_PER_MODULE = 256;

    /** One layer, ready to fill. */
    private record Painted(Path2D outline, Paint paint) {
    }

    private RasterRenderer() {
    }

    /** Returns the rows a band holds for images {@code width} pixels wide (no more than a square image has). */
    public static int bandRows(int width) {
        return Math.min(width, Math.max(1, BAND_PIXELS / width));
    }

    /**
     * The heap {@link #streamRows} holds while drawing {@code spec}: its band and the outlines of its layers, or, for
     * a stamped body, its stamps' index and, under a gradient, a second band; with a frame, what the code alone holds,
     * and the frame's band and its caption's outline.
     */
    public static long workingBytes(RenderSpec spec) {
        long band = bandBytes(spec);
        Frame frame = spec.design().frame();
        if (frame.present()) {
            return workingBytes(spec.unframed()) + band + (long) frame.text().length() * PATH_BYTES_PER_CAPTION_CHAR;
        }
        if (BodyStamps.apply(spec)) {
            return band * (spec.design().gradient() == null ? 1 : 2) + BodyStamps.workingBytes(spec);
        }
        return band + (long) BodyOutline.darkCount(spec.matrix()) * PATH_BYTES_PER_MODULE;
    }

    private static long bandBytes(RenderSpec spec) {
        int width = spec.imageWidth();
        return (long) width * Math.min(spec.imageHeight(), bandRows(width)) * Integer.BYTES;
    }

    /**
     * Draws the image of the code ({@link RenderSpec#imageWidth()} × {@link RenderSpec#imageHeight()}, the frame
     * included) and hands it to {@code sink}, top row first: opaque 0xRRGGBB pixels, or 0xAARRGGBB ones for a
     * transparent design.
     */
    public static void streamRows(RenderSpec spec, RowSink sink) {
        if (spec.design().frame().present()) {
            streamFramed(spec, sink);
        } else if (AlignedRaster.applies(spec)) {
            AlignedRaster.streamRows(spec, sink);
        } else {
            streamRows(spec, sink, bandRows(spec.imageWidth()));
        }
    }

    /**
     * Draws a framed image: the frame's rows, and over its code's square the rows of the same code without a frame,
     * drawn as that code is drawn alone, so they are its pixels exactly. Drawn in place instead, the code would lose
     * the whole-pixel modules of a square code ({@link AlignedRaster}), and fall in other bands at another offset,
     * where Java2D's gradients, worked out in floats from the band's origin, differ by a level here and there.
     */
    private static void streamFramed(RenderSpec spec, RowSink sink) {
        FrameRows frame = new FrameRows(spec);
        int codeX = spec.codeX();
        int codeY = spec.codeY();
        int size = spec.size();
        for (int y = 0; y < codeY; y++) {
            sink.row(y, frame.pixels, frame.row(y));
        }
        streamRows(spec.unframed(), (y, pixels, offset) -> {
            int row = frame.row(codeY + y);
            System.arraycopy(pixels, offset, frame.pixels, row + codeX, size);
            sink.row(codeY + y, frame.pixels, row);
        });
        for (int y = codeY + size; y < spec.imageHeight(); y++) {
            sink.row(y, frame.pixels, frame.row(y));
        }
    }

    /** The rows of a framed image without its code: the background and the frame, drawn a band at a time. */
    private static final class FrameRows {

        private final RenderSpec spec;
        private final List<Painted> layers;
        private final BufferedImage band;
        final int[] pixels;
        /** The image's row at the band's top, or -1 before the first band. */
        private int top = -1;

        FrameRows(RenderSpec spec) {
            this.spec = spec;
            this.layers = painted(spec, Layers.frame(spec, spec.frameLayout()), 0);
            this.band = band(spec, bandRows(spec.imageWidth()));
            this.pixels = ((DataBufferInt) band.getRaster().getDataBuffer()).getData();
        }

        /**
         * Where row {@code y} begins in {@link #pixels}, drawing its band unless it holds the row; rows are asked
         * for top first, and each may be changed until the next band is drawn.
         */
        int row(int y) {
            int rows = band.getHeight();
            if (top < 0 || y >= top + rows) {
                top = y / rows * rows;
                Graphics2D g = band.createGraphics();
                try {
                    fillBackground(g, spec, band);
                    useRenderingHints(g);
                    g.translate(0, -top);
                    fill(g, layers);
                } finally {
                    g.dispose();
                }
            }
            return (y - top) * band.getWidth();
        }
    }

    /** As {@link #streamRows(RenderSpec, RowSink)} with bands of {@code bandRows} rows, for a code without a frame. */
    static void streamRows(RenderSpec spec, RowSink sink, int bandRows) {
        streamRows(spec, sink, bandRows, BodyStamps.apply(spec));
    }

    /** As {@link #streamRows(RenderSpec, RowSink, int)}, the body stamped or (for comparison) filled as an outline. */
    static void streamRows(RenderSpec spec, RowSink sink, int bandRows, boolean stampBody) {
        int width = spec.imageWidth();
        int height = spec.imageHeight();
        boolean transparent = spec.design().transparent();
        BufferedImage band = band(spec, Math.min(bandRows, height));
        int[] pixels = ((DataBufferInt) band.getRaster().getDataBuffer()).getData();
        BodyStamps stamps = stampBody ? BodyStamps.of(spec) : null;
        List<Painted> layers = layers(spec, stamps == null);
        Paint bodyPaint = paint(spec, Layers.bodyFill(spec.design()));
        // A gradient body is stamped in the colours of a band the gradient fills.
        BufferedImage gradientBand = stamps == null || bodyPaint instanceof Color ? null
                : new BufferedImage(width, band.getHeight(), BufferedImage.TYPE_INT_ARGB);
        for (int top = 0; top < height; top += band.getHeight()) {
            Graphics2D g = band.createGraphics();
            try {
                fillBackground(g, spec, band);
                if (stamps != null) {
                    stamps.paint(pixels, top, Math.min(band.getHeight(), height - top), width,
                            bodyPaint instanceof Color colour ? colour.getRGB() : 0,
                            gradientBand == null ? null : fillBand(gradientBand, spec, bodyPaint, top), !transparent);
                }
                // Anti-aliasing coverage is computed per pixel, so a band is exactly that part of the whole image.
                g.translate(0, -top);
                paint(g, spec, layers);
            } finally {
                g.dispose();
            }
            int rows = Math.min(band.getHeight(), height - top);
            for (int row = 0; row < rows; row++) {
                sink.row(top + row, pixels, row * width);
            }
        }
    }

    /** A band of {@code rows} rows of the image, with alpha for a transparent design. */
    private static BufferedImage band(RenderSpec spec, int rows) {
        return new BufferedImage(spec.imageWidth(), rows,
                spec.design().transparent() ? BufferedImage.TYPE_INT_ARGB : BufferedImage.TYPE_INT_RGB);
    }

    /** Fills {@code band} with the background, or clears it for a transparent design. */
    private static void fillBackground(Graphics2D g, RenderSpec spec, BufferedImage band) {
        if (spec.design().transparent()) {
            g.setComposite(AlphaComposite.Clear);
            g.fillRect(0, 0, band.getWidth(), band.getHeight());
            g.setComposite(AlphaComposite.SrcOver);
        } else {
            g.setColor(new Color(spec.design().background().rgb()));
            g.fillRect(0, 0, band.getWidth(), band.getHeight());
        }
    }

    /**
     * Fills {@code band}, rows {@code top} on of the image, with {@code paint} where the body's stamps may take their
     * colours: the symbol and a module around it (a stamp's edge moved to a whole pixel can pass the symbol's by less
     * than a pixel). Not the rest of the quiet zone: a gradient costs per pixel filled, and at a 4-module margin the
     * quiet zone is a third of a version 2 code's image. Returns its pixels.
     */
    private static int[] fillBand(BufferedImage band, RenderSpec spec, Paint paint, int top) {
        Graphics2D g = band.createGraphics();
        try {
            g.translate(0, -top);
            moduleSpace(g, spec);
            g.setPaint(paint);
            int modules = spec.matrix().modules();
            g.fill(new Rectangle2D.Double(-1, -1, modules + 2, modules + 2));
        } finally {
            g.dispose();
        }
        return ((DataBufferInt) band.getRaster().getDataBuffer()).getData();
    }

    /** Returns the code as a PNG file of exactly {@link RenderSpec#imageWidth()} × {@link RenderSpec#imageHeight()}. */
    public static ByteBuffer png(RenderSpec spec) {
        return png(spec, RowSink.NONE);
    }

    /** As {@link #png(RenderSpec)}, handing every row to {@code alsoTo} as well, e.g. to verify the image. */
    public static ByteBuffer png(RenderSpec spec, RowSink alsoTo) {
        return png(spec, 0, alsoTo);
    }

    /** As {@link #png(RenderSpec, RowSink)}, the file saying it has {@code dpi} pixels per inch (if > 0). */
    public static ByteBuffer png(RenderSpec spec, int dpi, RowSink alsoTo) {
        if (AlignedRaster.applies(spec)) {
            return PngWriter.writeTwoColours(spec.imageWidth(), spec.imageHeight(), AlignedRaster.light(spec.design()),
                    AlignedRaster.dark(spec.design()), dpi, pngBytes(spec),
                    writer -> AlignedRaster.streamRows(spec, writer.andThen(alsoTo)));
        }
        // Greys blend into greys: anti-aliasing and gradients between them make no other colour; a logo may, and a
        // transparent code's edges are a grey at every opacity.
        PngWriter.Pixels format = PngWriter.Pixels.of(spec.design().greyOnly() && spec.logo() == null,
                spec.design().transparent());
        if (format == PngWriter.Pixels.RGB && oneColourOnAnother(spec)) {
            Optional<ByteBuffer> png = PngWriter.writeFewColours(spec.imageWidth(), spec.imageHeight(), dpi,
                    pngBytes(spec), writer -> streamRows(spec, writer.andThen(alsoTo)));
            if (png.isPresent()) {
                return png.get();
            }
            // More colours than a palette holds, which Java2D's 256 levels of coverage should never give: the file
            // is drawn again in RGB, for itself alone, as the other sink has had every row.
            return PngWriter.write(spec.imageWidth(), spec.imageHeight(), format, dpi, pngBytes(spec),
                    writer -> streamRows(spec, writer));
        }
        return PngWriter.write(spec.imageWidth(), spec.imageHeight(), format, dpi, pngBytes(spec),
                writer -> streamRows(spec, writer.andThen(alsoTo)));
    }

    /**
     * Whether {@code spec} paints one colour, anti-aliased, over a plain background and nothing else, so that its
     * pixels are the blends of the two at Java2D's 256 levels of coverage, which a palette holds.
     */
    private static boolean oneColourOnAnother(RenderSpec spec) {
        Design design = spec.design();
        return !design.transparent() && design.gradient() == null && spec.logo() == null && !design.frame().present()
                && design.darkColours().size() == 1;
    }

    /**
     * The size a code's PNG file stays below, with margin. What survives deflation is the anti-aliased edges, about
     * one run per module in every row, and, under a gradient, the colour's slow change across dark areas: files
     * measured by bench/run-render-memory.sh stay under 5.3 bytes per pixel row and module, and gradients add under
     * 1.5 % of the raw pixels' bytes; the estimate allows 8 bytes and 3 %, and never more than PNG's worst case. A
     * logo adds at most its box's raw pixels. A frame adds rows, each crossing a few of its edges, and a caption's
     * rows cross each character's edges, counted as {@value #RUNS_PER_CAPTION_CHAR} modules' worth a character.
     * A code on whole pixels has a distinct row per module row at most, each stored at a bit per pixel, and every
     * other row repeats the one above, a filtered row of zeros that deflates to a few bytes.
     */
    public static long pngBytes(RenderSpec spec) {
        if (AlignedRaster.applies(spec)) {
            long rowBytes = 1 + PngWriter.Pixels.TWO_COLOURS.rowBytes(spec.imageWidth());
            return spec.totalModules() * rowBytes + (long) spec.imageHeight() * REPEATED_ROW_BYTES
                    + PNG_FRAMING_BYTES;
        }
        long size = spec.size();
        Frame frame = spec.design().frame();
        long runs = spec.totalModules() + (frame.present() ? FRAME_RUNS : 0)
                + (long) frame.text().length() * RUNS_PER_CAPTION_CHAR;
        long edges = spec.imageHeight() * runs * PNG_BYTES_PER_ROW_AND_MODULE;
        long gradient = spec.design().gradient() == null ? 0
                : size * size * RGBA_BYTES * PNG_GRADIENT_PERCENT / PERCENT;
        double[] box = spec.logoBox();
        long logo = box == null ? 0 : (long) (box[2] * box[3] * spec.moduleSize() * spec.moduleSize() * RGBA_BYTES);
        return Math.min(PngWriter.maxBytes(spec.imageWidth(), spec.imageHeight(), spec.design().transparent()),
                edges + gradient + logo + PNG_FRAMING_BYTES);
    }

    /**
     * Paints the code (its dark shapes and its logo, not its background) with its top-left corner at
     * {@code target}'s origin, so callers can place a code over an image of their own; a code without a frame, as
     * placed codes are. {@code target} itself is left as it was.
     */
    public static void paintCode(Graphics2D target, RenderSpec spec) {
        paint(target, spec, layers(spec, true));
    }

    private static void paint(Graphics2D target, RenderSpec spec, List<Painted> layers) {
        Graphics2D g = (Graphics2D) target.create();
        try {
            useRenderingHints(g);
            moduleSpace(g, spec);
            fill(g, layers);
            double[] box = spec.logoBox();
            if (box != null) {
                BufferedImage logo = spec.logo().image();
                AffineTransform place = AffineTransform.getTranslateInstance(box[0], box[1]);
                place.scale(box[2] / logo.getWidth(), box[3] / logo.getHeight());
                g.drawImage(logo, place, null);
            }
        } finally {
            g.dispose();
        }
    }

    private static void fill(Graphics2D g, List<Painted> layers) {
        for (Painted layer : layers) {
            g.setPaint(layer.paint());
            g.fill(layer.outline());
        }
    }

    /** Anti-aliased, exact geometry: how every shape of a code is rasterised. */
    static void useRenderingHints(Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        // Pure geometry: Java2D would otherwise nudge outlines towards pixel centres, unlike SVG renderers.
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
    }

    /** Makes {@code g} draw in module units, the symbol's top-left corner at the origin. */
    private static void moduleSpace(Graphics2D g, RenderSpec spec) {
        g.translate(spec.symbolX(), spec.symbolY());
        g.scale(spec.moduleSize(), spec.moduleSize());
    }

    private static List<Painted> layers(RenderSpec spec, boolean withBody) {
        return painted(spec, Layers.of(spec, withBody),
                withBody ? BodyOutline.darkCount(spec.matrix()) * SEGMENTS_PER_MODULE : 0);
    }

    /** The layers as Java2D paths, the first sized for {@code segments} (the body's, where it is drawn). */
    private static List<Painted> painted(RenderSpec spec, List<Layers.Layer> layers, int segments) {
        List<Painted> painted = new ArrayList<>();
        for (Layers.Layer layer : layers) {
            Path2D.Float outline = new Path2D.Float(Path2D.WIND_NON_ZERO, painted.isEmpty() ? segments : 64);
            layer.trace(new Path2DSink(outline));
            painted.add(new Painted(outline, paint(spec, layer.fill())));
        }
        return painted;
    }

    /** Returns a fill's paint in module units, matching the SVG gradient element by element. */
    private static Paint paint(RenderSpec spec, Layers.Fill fill) {
        if (!fill.gradient()) {
            return new Color(fill.solid().rgb());
        }
        Design design = spec.design();
        Gradient gradient = design.gradient();
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

    /** Builds a Java2D path from outlines, approximating quarter arcs by cubic Béziers. */
    static final class Path2DSink implements OutlineSink {

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
        public void curveTo(double x1, double y1, double x2, double y2, double x, double y) {
            path.curveTo(x1, y1, x2, y2, x, y);
            currentX = x;
            currentY = y;
        }

        @Override
        public void close() {
            path.closePath();
        }
    }
}
