package dev.qrforge.render;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.util.BitSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Draws a body module by module from stamps, when its modules fall on whole pixels: the anti-aliased coverage of one
 * module's pixels, traced by {@link BodyOutline} and rasterised by Java2D once per style, module size and
 * neighbourhood, then blended wherever that neighbourhood recurs. Java2D's rasteriser costs about a microsecond per
 * outline, which dots and stars have one of per module; a stamp costs a few nanoseconds per pixel.
 *
 * <p>The result is Java2D's own, up to rounding: every style's shape for a module lies inside the module and depends
 * only on its eight neighbours (a run's corners on the modules above and below its ends, a blob's fillet on the light
 * module's corners), and with modules on whole pixels no pixel is shared by two modules, so each pixel's coverage is
 * that of its module's shape alone. The stamps are small (up to {@value #MAX_MODULE_PIXELS}² bytes, 512
 * neighbourhoods per style and size at most), which is what rasters of a few pixels per module, such as the
 * verification stand-in for an SVG, need.
 */
final class BodyStamps {

    /** Modules of at most this many pixels are stamped; larger ones are rare and their stamps would be large. */
    static final int MAX_MODULE_PIXELS = 8;

    /** A module and its eight neighbours: bit {@code (dy + 1) * 3 + (dx + 1)}. */
    private static final int NEIGHBOURHOODS = 1 << 9;
    private static final int WINDOW = 3;
    private static final byte[] EMPTY = new byte[0];
    private static final int CHANNEL = 0xff;
    private static final int ALPHA_SHIFT = 24;
    private static final int ALPHA = 0xff000000;

    /** Stamps by style and module size, each array indexed by neighbourhood; filled as neighbourhoods occur. */
    private static final Map<Integer, AtomicReferenceArray<byte[]>> STAMPS = new ConcurrentHashMap<>();

    private final int modulePixels;
    /** The symbol's top-left corner in the image, in whole pixels (a frame's offsets are whole pixels too). */
    private final int offsetX;
    private final int offsetY;
    private final int modules;
    /** The neighbourhood of every module of the symbol, row by row. */
    private final short[] neighbourhoods;
    private final AtomicReferenceArray<byte[]> stamps;
    private final BodyStyle style;

    private BodyStamps(RenderSpec spec) {
        this.modulePixels = (int) spec.moduleSize();
        this.offsetX = spec.codeX() + spec.margin() * modulePixels;
        this.offsetY = spec.codeY() + spec.margin() * modulePixels;
        this.style = spec.design().bodyStyle();
        BodyOutline.Body body = BodyOutline.Body.of(spec);
        this.modules = body.modules();
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
        this.stamps = STAMPS.computeIfAbsent(style.ordinal() * (MAX_MODULE_PIXELS + 1) + modulePixels,
                k -> new AtomicReferenceArray<>(NEIGHBOURHOODS));
    }

    /** Whether {@code spec}'s body can be stamped: modules of a whole number of pixels, few enough. */
    static boolean apply(RenderSpec spec) {
        double module = spec.moduleSize();
        return module == Math.rint(module) && module <= MAX_MODULE_PIXELS;
    }

    /** The stamps of {@code spec}'s body, which {@link #apply} accepts. */
    static BodyStamps of(RenderSpec spec) {
        return new BodyStamps(spec);
    }

    /** The heap {@link #of} holds for {@code spec}: a neighbourhood per module. */
    static long workingBytes(RenderSpec spec) {
        long modules = spec.matrix().modules();
        return modules * modules * Short.BYTES;
    }

    /**
     * Blends the body over rows {@code top} to {@code top + rows - 1} of an image {@code width} pixels wide, held in
     * {@code pixels} from row {@code top} on: in {@code solid}, or, when {@code paint} is not null, in the colour of
     * the same pixel of {@code paint} (a gradient drawn over the band), blended as Java2D's anti-aliased fill does
     * (see {@link #over}).
     */
    void paint(int[] pixels, int top, int rows, int width, int solid, int[] paint, boolean opaque) {
        int firstModule = Math.max(0, Math.floorDiv(top - offsetY, modulePixels));
        int lastModule = Math.min(modules - 1, Math.floorDiv(top + rows - 1 - offsetY, modulePixels));
        for (int my = firstModule; my <= lastModule; my++) {
            int moduleTop = offsetY + my * modulePixels;
            int fromRow = Math.max(0, top - moduleTop);
            int toRow = Math.min(modulePixels, top + rows - moduleTop);
            for (int mx = 0; mx < modules; mx++) {
                byte[] stamp = stamp(neighbourhoods[my * modules + mx]);
                if (stamp == EMPTY) {
                    continue;
                }
                int left = offsetX + mx * modulePixels;
                for (int row = fromRow; row < toRow; row++) {
                    int at = (moduleTop + row - top) * width + left;
                    for (int column = 0; column < modulePixels; column++) {
                        int coverage = stamp[row * modulePixels + column] & CHANNEL;
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

    private byte[] stamp(int neighbourhood) {
        byte[] stamp = stamps.get(neighbourhood);
        if (stamp == null) {
            // Two threads may draw the same stamp; both draw the same bytes.
            stamp = draw(neighbourhood);
            stamps.set(neighbourhood, stamp);
        }
        return stamp;
    }

    /** Rasterises the middle module of a 3×3 window of the style's body, as coverage bytes; EMPTY when blank. */
    private byte[] draw(int neighbourhood) {
        BitSet window = new BitSet(WINDOW * WINDOW);
        for (int bit = 0; bit < WINDOW * WINDOW; bit++) {
            if ((neighbourhood & 1 << bit) != 0) {
                window.set(bit);
            }
        }
        Path2D.Float outline = new Path2D.Float(Path2D.WIND_NON_ZERO);
        BodyOutline.trace(style, new BodyOutline.Body(WINDOW, window), new RasterRenderer.Path2DSink(outline));
        int edge = WINDOW * modulePixels;
        BufferedImage image = new BufferedImage(edge, edge, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        try {
            RasterRenderer.useRenderingHints(g);
            g.scale(modulePixels, modulePixels);
            g.setColor(Color.BLACK);
            g.fill(outline);
        } finally {
            g.dispose();
        }
        int[] argb = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        byte[] coverage = new byte[modulePixels * modulePixels];
        boolean blank = true;
        for (int row = 0; row < modulePixels; row++) {
            for (int column = 0; column < modulePixels; column++) {
                int alpha = argb[(modulePixels + row) * edge + modulePixels + column] >>> ALPHA_SHIFT;
                coverage[row * modulePixels + column] = (byte) alpha;
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
