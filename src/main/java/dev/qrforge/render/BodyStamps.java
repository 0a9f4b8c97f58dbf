package dev.qrforge.render;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Draws a body module by module from stamps, each module on whole pixels: the anti-aliased coverage of one module's
 * pixels, traced by {@link BodyOutline} and rasterised by Java2D once per style, module width and height, and
 * neighbourhood, then blended wherever that neighbourhood recurs. Java2D's rasteriser costs about a microsecond per
 * outline, which dots and stars have one of per module, and a pass over every pixel row the outline spans; a stamp
 * costs a few nanoseconds per pixel.
 *
 * <p>Module edges are moved to the nearest pixel boundary, as {@link AlignedRaster} moves them, so a module is the
 * image's pixels per module rounded down or up, and the code keeps its exact size; where modules are a whole number
 * of pixels (the verification stand-in for an SVG) nothing moves. The result within each module is Java2D's own, up
 * to rounding: every style's shape for a module lies inside the module and depends only on its eight neighbours (a
 * run's corners on the modules above and below its ends, a blob's fillet on the light module's corners), and with
 * modules on whole pixels no pixel is shared by two modules, so each pixel's coverage is that of its module's shape
 * alone. The eyes and the logo are drawn over the body by Java2D in their exact geometry, up to half a pixel from the
 * body's moved edges, across the light border that separates them from it.
 */
final class BodyStamps {

    /**
     * Modules of at most this many pixels a side are stamped: every code of 1000 px with the default quiet zone, and
     * a stamp of at most 1.6 KB. Larger modules are drawn from the outline, whose cost per module is the same whatever
     * its size.
     */
    static final int MAX_MODULE_PIXELS = 40;
    /**
     * The most bytes the stamps of every style and size hold together. A code at 1000 px draws up to four sizes'
     * stamps (its modules rounded down or up each way), a few hundred of them, under a megabyte; past the limit the
     * stamps are dropped and drawn again as codes need them.
     */
    static final long CACHE_BYTES = 16L << 20;
    /**
     * Modules of a fractional number of pixels are stamped from this many pixels on, where moving an edge by up to
     * half a pixel changes a sixteenth of a module or less. Below it the modules would come out visibly uneven (one
     * pixel in three or four), and in the scannability calibration more codes of 2–8 px per module failed some
     * decoder than drawn from the outline; a whole number of pixels moves nothing, whatever the size.
     */
    static final int MIN_MOVED_MODULE_PIXELS = 8;

    /** A module and its eight neighbours: bit {@code (dy + 1) * 3 + (dx + 1)}. */
    private static final int NEIGHBOURHOODS = 1 << 9;
    private static final int WINDOW = 3;
    private static final byte[] EMPTY = new byte[0];
    private static final int CHANNEL = 0xff;
    private static final int ALPHA_SHIFT = 24;
    private static final int ALPHA = 0xff000000;

    /** Stamps by style, module width and height, each array indexed by neighbourhood; filled as they occur. */
    private static final Map<Integer, AtomicReferenceArray<byte[]>> STAMPS = new ConcurrentHashMap<>();
    private static final AtomicLong CACHED_BYTES = new AtomicLong();

    private final BodyStyle style;
    private final int modules;
    /** The pixel boundaries of the module columns and rows in the image, {@code modules + 1} each. */
    private final int[] columnEdges;
    private final int[] rowEdges;
    /** The image's pixels per module, rounded down: the smaller module width (and height). */
    private final int smallest;
    /** Module widths (and heights) in this image: one where modules are whole pixels, else rounded down and up. */
    private final int sizes;
    /** The neighbourhood of every module of the symbol, row by row. */
    private final short[] neighbourhoods;
    /** This code's stamps, by {@code (width - smallest) * sizes + height - smallest}. */
    private final List<AtomicReferenceArray<byte[]>> stamps;

    private BodyStamps(RenderSpec spec) {
        this.style = spec.design().bodyStyle();
        BodyOutline.Body body = BodyOutline.Body.of(spec);
        this.modules = body.modules();
        this.columnEdges = AlignedRaster.edges(spec.symbolX(), spec.moduleSize(), modules);
        this.rowEdges = AlignedRaster.edges(spec.symbolY(), spec.moduleSize(), modules);
        this.smallest = (int) spec.moduleSize();
        this.sizes = (int) Math.ceil(spec.moduleSize()) - smallest + 1;
        // The body with a light border, so that every module has eight neighbours to look at.
        int padded = modules + 2;
        boolean[] drawn = new boolean[padded * padded];
        for (int y = 0; y < modules; y++) {
            for (int x = 0; x < modules; x++) {
                drawn[(y + 1) * padded + x + 1] = body.drawn(x, y);
            }
        }
        this.neighbourhoods = new short[modules * modules];
        for (int y = 0; y < modules; y++) {
            for (int x = 0; x < modules; x++) {
                int key = 0;
                for (int bit = 0; bit < WINDOW * WINDOW; bit++) {
                    if (drawn[(y + bit / WINDOW) * padded + x + bit % WINDOW]) {
                        key |= 1 << bit;
                    }
                }
                neighbourhoods[y * modules + x] = (short) key;
            }
        }
        List<AtomicReferenceArray<byte[]>> bySize = new ArrayList<>();
        for (int width = smallest; width < smallest + sizes; width++) {
            for (int height = smallest; height < smallest + sizes; height++) {
                bySize.add(stampsOf(style, width, height));
            }
        }
        this.stamps = List.copyOf(bySize);
    }

    /** The cache's stamps of {@code style} at {@code width} × {@code height} pixels, dropping all if it is full. */
    private static AtomicReferenceArray<byte[]> stampsOf(BodyStyle style, int width, int height) {
        int key = (style.ordinal() * (MAX_MODULE_PIXELS + 1) + width) * (MAX_MODULE_PIXELS + 1) + height;
        return STAMPS.computeIfAbsent(key, k -> {
            cached((long) NEIGHBOURHOODS * Integer.BYTES);
            return new AtomicReferenceArray<>(NEIGHBOURHOODS);
        });
    }

    /** Counts {@code bytes} more in the cache; empties it once they pass {@link #CACHE_BYTES}. */
    private static void cached(long bytes) {
        if (CACHED_BYTES.addAndGet(bytes) > CACHE_BYTES) {
            // Codes being drawn keep the arrays they hold; later ones start a new set.
            STAMPS.clear();
            CACHED_BYTES.set(0);
        }
    }

    /**
     * Whether {@code spec}'s body is stamped: modules of at most {@link #MAX_MODULE_PIXELS}, and of a whole number of
     * pixels or at least {@link #MIN_MOVED_MODULE_PIXELS}.
     */
    static boolean apply(RenderSpec spec) {
        double module = spec.moduleSize();
        return module <= MAX_MODULE_PIXELS
                && (module == Math.rint(module) ? module >= 1 : module >= MIN_MOVED_MODULE_PIXELS);
    }

    /** The stamps of {@code spec}'s body, which {@link #apply} accepts. */
    static BodyStamps of(RenderSpec spec) {
        return new BodyStamps(spec);
    }

    /** The heap {@link #of} holds for {@code spec}: a neighbourhood per module, and the module edges. */
    static long workingBytes(RenderSpec spec) {
        long modules = spec.matrix().modules();
        return modules * modules * Short.BYTES + 2 * (modules + 1) * Integer.BYTES;
    }

    /**
     * Blends the body over rows {@code top} to {@code top + rows - 1} of an image {@code width} pixels wide, held in
     * {@code pixels} from row {@code top} on: in {@code solid}, or, when {@code paint} is not null, in the colour of
     * the same pixel of {@code paint} (a gradient drawn over the band), blended as Java2D's anti-aliased fill does
     * (see {@link #over}).
     */
    void paint(int[] pixels, int top, int rows, int width, int solid, int[] paint, boolean opaque) {
        int bottom = top + rows;
        for (int my = 0; my < modules; my++) {
            int moduleTop = rowEdges[my];
            int height = rowEdges[my + 1] - moduleTop;
            if (moduleTop + height <= top || moduleTop >= bottom) {
                continue;
            }
            int fromRow = Math.max(0, top - moduleTop);
            int toRow = Math.min(height, bottom - moduleTop);
            for (int mx = 0; mx < modules; mx++) {
                int left = columnEdges[mx];
                int moduleWidth = columnEdges[mx + 1] - left;
                byte[] stamp = stamp(moduleWidth, height, neighbourhoods[my * modules + mx]);
                if (stamp == EMPTY) {
                    continue;
                }
                for (int row = fromRow; row < toRow; row++) {
                    int at = (moduleTop + row - top) * width + left;
                    for (int column = 0, cell = row * moduleWidth; column < moduleWidth; column++, cell++) {
                        int coverage = stamp[cell] & CHANNEL;
                        if (coverage == CHANNEL) {
                            // Inside the shape, where most pixels are, the paint simply replaces the pixel.
                            pixels[at + column] = (paint == null ? solid : paint[at + column]) | ALPHA;
                        } else if (coverage != 0) {
                            int colour = paint == null ? solid : paint[at + column];
                            pixels[at + column] = over(colour, coverage, pixels[at + column], opaque);
                        }
                    }
                }
            }
        }
    }

    private byte[] stamp(int width, int height, int neighbourhood) {
        AtomicReferenceArray<byte[]> ofSize = stamps.get((width - smallest) * sizes + height - smallest);
        byte[] stamp = ofSize.get(neighbourhood);
        if (stamp == null) {
            // Two threads may draw the same stamp; both draw the same bytes.
            stamp = draw(width, height, neighbourhood);
            ofSize.set(neighbourhood, stamp);
            cached(stamp.length);
        }
        return stamp;
    }

    /**
     * Rasterises the middle module of a 3×3 window of the style's body, {@code width} × {@code height} pixels a
     * module, as coverage bytes; EMPTY when blank.
     */
    private byte[] draw(int width, int height, int neighbourhood) {
        BitSet window = new BitSet(WINDOW * WINDOW);
        for (int bit = 0; bit < WINDOW * WINDOW; bit++) {
            if ((neighbourhood & 1 << bit) != 0) {
                window.set(bit);
            }
        }
        Path2D.Float outline = new Path2D.Float(Path2D.WIND_NON_ZERO);
        BodyOutline.trace(style, new BodyOutline.Body(WINDOW, window), new RasterRenderer.Path2DSink(outline));
        int imageWidth = WINDOW * width;
        BufferedImage image = new BufferedImage(imageWidth, WINDOW * height, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        try {
            RasterRenderer.useRenderingHints(g);
            g.scale(width, height);
            g.setColor(Color.BLACK);
            g.fill(outline);
        } finally {
            g.dispose();
        }
        int[] argb = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        byte[] coverage = new byte[width * height];
        boolean blank = true;
        for (int row = 0; row < height; row++) {
            for (int column = 0; column < width; column++) {
                int alpha = argb[(height + row) * imageWidth + width + column] >>> ALPHA_SHIFT;
                coverage[row * width + column] = (byte) alpha;
                blank &= alpha == 0;
            }
        }
        return blank ? EMPTY : coverage;
    }

    /**
     * An opaque colour at {@code coverage}/255 over a pixel, as Java2D's source-over composites an anti-aliased edge:
     * over an opaque pixel (whose alpha byte an RGB image leaves undefined) or a non-premultiplied ARGB one.
     */
    static int over(int colour, int coverage, int under, boolean opaque) {
        int underWeight = (opaque ? CHANNEL : under >>> ALPHA_SHIFT) * (CHANNEL - coverage);
        int alpha = coverage * CHANNEL + underWeight;
        if (alpha == 0) {
            return 0;
        }
        int result = opaque ? under & ALPHA : (alpha + CHANNEL / 2) / CHANNEL << ALPHA_SHIFT;
        for (int shift = 0; shift < ALPHA_SHIFT; shift += Byte.SIZE) {
            int channel = ((colour >>> shift & CHANNEL) * coverage * CHANNEL
                    + (under >>> shift & CHANNEL) * underWeight + alpha / 2) / alpha;
            result |= channel << shift;
        }
        return result;
    }
}
