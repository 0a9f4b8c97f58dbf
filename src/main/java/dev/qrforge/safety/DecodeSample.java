package dev.qrforge.safety;

import dev.qrforge.render.EyeFrameStyle;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.RowSink;
import java.awt.image.BufferedImage;
import java.util.Arrays;

/**
 * What the verifier reads of a rendering, collected row by row while the image is drawn, so that the delivered pixels
 * are judged without being kept:
 * <ul>
 * <li>the image's luminance: pixel for pixel up to {@link #MAX_EDGE} pixels a side, as a scanner reading the file
 * itself would (a detector misreads some styled codes at one resolution and not at another: BoofCV finds rounded and
 * cut eye frames at 8 pixels per module and not at 24), and averaged over square blocks down to that edge above it,
 * as a camera's optics average what falls on one sensor pixel;</li>
 * <li>the same averaged further, to {@value #MODULE_PIXELS} to {@code 2 × }{@value #MODULE_PIXELS} pixels per
 * module, for ZXing, which reads no code there that it does not read in every pixel ({@code ModuleResolutionTest}
 * keeps that true for every style) and reads it in a ninth of the time at 1000 px; and for BoofCV too when every
 * eye frame is square, where it reads that sample exactly as it reads every pixel (the same test);</li>
 * <li>the {@link CameraView}'s blocks, averaged straight from the delivered pixels;</li>
 * <li>the grey levels at the modules' centres that {@link ModuleContrast} judges.</li>
 * </ul>
 * The sample thus never holds much more than a megabyte, however large the image.
 *
 * <p>Of a framed rendering the sample holds the code's square (symbol and quiet zone) and leaves out the frame: the
 * frame lies outside the quiet zone, which is what the standard asks a scanner to need, so the code is judged exactly
 * as it would be unframed, by the same geometry ({@link ModuleContrast} finds modules by
 * {@link RenderSpec#moduleCentre}, counted from the code's edge).
 */
public final class DecodeSample implements RowSink {

    /**
     * Ample for any symbol: even version 40 with its quiet zone keeps more than 5 sample pixels per module. Images
     * larger than this are seen by the camera view at this edge too: a larger print does not give a camera more
     * pixels.
     */
    static final int MAX_EDGE = 1024;
    /** The fewest pixels per module ZXing's sample keeps when the image has more. */
    static final int MODULE_PIXELS = 8;

    /** ZXing's luminance weights, (R + 2G + B) / 4, so the sample binarises as ZXing's own sources would. */
    private static final int WEIGHT_SUM = 4;
    private static final int CHANNEL = 0xff;

    /** The pixels a side of the code's square, which is what the sample takes in. */
    private final int edge;
    /** Where the sampled square lies in the rows handed in. */
    private final int left;
    private final int top;
    /** Whether rows carry alpha: a transparent code, judged as it looks on a white surface. */
    private final boolean overWhite;
    /** The grey levels of the row being taken in. */
    private final int[] grey;
    /**
     * Their running sums, {@code columnSums[x]} the sum of the levels left of {@code x}: each reduction's block of
     * columns is then one subtraction, for any block width, where summing a few pixels per block in a loop of its own
     * cost more than the rest of taking a row in.
     */
    private final int[] columnSums;
    /** The last row's pixels: within a module row, rows repeat, and a repeated row's levels and sums are known. */
    private final int[] previous;
    private final Reduction delivered;
    /** ZXing's sample; the delivered one when modules are too small to reduce further. */
    private final Reduction moduleSample;
    /** What BoofCV reads: the module sample when every eye frame is square, else the delivered luminance. */
    private final Reduction boofcvSample;
    private final CameraView.Blocks camera;
    private final ModuleContrast contrast;
    private int nextRow;

    private DecodeSample(RenderSpec spec, int moduleFactor, boolean overWhite) {
        this.edge = spec.size();
        this.left = spec.codeX();
        this.top = spec.codeY();
        this.overWhite = overWhite;
        this.grey = new int[edge];
        this.columnSums = new int[edge + 1];
        this.previous = new int[edge];
        this.delivered = new Reduction(edge, deliveredFactor(spec));
        this.moduleSample = moduleFactor == delivered.factor ? delivered : new Reduction(edge, moduleFactor);
        this.boofcvSample = spec.design().eyes().all().stream()
                .allMatch(eye -> eye.frameStyle() == EyeFrameStyle.SQUARE) ? moduleSample : delivered;
        this.camera = new CameraView.Blocks(edge, edge, cameraBlock(spec));
        this.contrast = new ModuleContrast(spec);
    }

    /**
     * An empty sample for the rendering of {@code spec}, to be filled through {@link #row} with the rows of the whole
     * image, of which it keeps the code's square. A transparent rendering is judged on a white surface, the light
     * surface such codes are meant for.
     */
    public static DecodeSample forCode(RenderSpec spec) {
        return new DecodeSample(spec, moduleFactor(spec), spec.design().transparent());
    }

    /**
     * The sample of a code's rendering that exists anyway as an image (a composite's code box, a JPEG or WebP file
     * read back, a PDF rendered back), of which it keeps the code's square.
     */
    public static DecodeSample of(BufferedImage image, RenderSpec spec) {
        int width = image.getWidth();
        if (width != spec.imageWidth() || image.getHeight() != spec.imageHeight()) {
            throw new IllegalArgumentException("the image is " + width + " × " + image.getHeight() + " pixels, the"
                    + " rendering " + spec.imageWidth() + " × " + spec.imageHeight());
        }
        DecodeSample sample = new DecodeSample(spec, moduleFactor(spec), false);
        int[] row = new int[width];
        for (int y = 0; y < image.getHeight(); y++) {
            sample.row(y, image.getRGB(0, y, width, 1, row, 0, width), 0);
        }
        return sample;
    }

    /** The pixels a side of the delivered luminance, the most BoofCV reads. */
    static int deliveredEdge(RenderSpec spec) {
        return ceilDiv(spec.size(), deliveredFactor(spec));
    }

    /** The pixels a side of ZXing's sample. */
    static int moduleEdge(RenderSpec spec) {
        return ceilDiv(spec.size(), moduleFactor(spec));
    }

    /** The pixels a side of the camera's view. */
    static int cameraEdge(RenderSpec spec) {
        return spec.size() / cameraBlock(spec);
    }

    /**
     * The bytes a sample of {@code spec}'s rendering holds: the delivered luminance and ZXing's sample, the camera's
     * blocks and view, the module centres' levels, and a row's pixels, grey levels and their running sums.
     */
    public static long bytesFor(RenderSpec spec) {
        long delivered = deliveredEdge(spec);
        long modules = moduleFactor(spec) == deliveredFactor(spec) ? 0 : moduleEdge(spec);
        return Reduction.bytesFor(delivered) + Reduction.bytesFor(modules)
                + CameraView.Blocks.bytesFor(spec.size(), cameraBlock(spec)) + ModuleContrast.bytesFor(spec)
                + (3L * spec.size() + 1) * Integer.BYTES;
    }

    private static int deliveredFactor(RenderSpec spec) {
        return ceilDiv(spec.size(), MAX_EDGE);
    }

    private static int moduleFactor(RenderSpec spec) {
        return Math.max(deliveredFactor(spec), (int) (spec.moduleSize() / MODULE_PIXELS));
    }

    /** Image pixels per camera pixel: the camera's reduction of an image no larger than {@link #MAX_EDGE}. */
    private static int cameraBlock(RenderSpec spec) {
        return CameraView.REDUCTION * deliveredFactor(spec);
    }

    @Override
    public void row(int imageY, int[] pixels, int imageOffset) {
        int y = imageY - top;
        if (y < 0 || y >= edge) {
            return;
        }
        if (y != nextRow) {
            throw new IllegalStateException("expected row " + nextRow + ", got " + y);
        }
        int offset = imageOffset + left;
        boolean repeated = y > 0 && Arrays.equals(pixels, offset, offset + edge, previous, 0, edge);
        if (!repeated) {
            System.arraycopy(pixels, offset, previous, 0, edge);
            for (int x = 0; x < edge; x++) {
                grey[x] = weighted(pixels[offset + x]) / WEIGHT_SUM;
            }
            sumColumns(grey, columnSums, edge);
        }
        nextRow++;
        boolean last = nextRow == edge;
        delivered.row(y, grey, columnSums, repeated, last);
        if (moduleSample != delivered) {
            moduleSample.row(y, grey, columnSums, repeated, last);
        }
        camera.row(y, columnSums, repeated);
        contrast.row(y, grey);
    }

    private int weighted(int argb) {
        int colour = (argb >> 16 & CHANNEL) + 2 * (argb >> 8 & CHANNEL) + (argb & CHANNEL);
        if (!overWhite) {
            return colour;
        }
        int alpha = argb >>> 24;
        return (colour * alpha + WEIGHT_SUM * CHANNEL * (CHANNEL - alpha)) / CHANNEL;
    }

    /** The delivered luminance; it shares the sample's pixels. */
    public GreyImage grey() {
        return delivered.image();
    }

    /** What BoofCV reads: ZXing's sample when every eye frame is square, else the delivered luminance. */
    GreyImage boofcvSample() {
        return boofcvSample.image();
    }

    /** ZXing's sample, at {@value #MODULE_PIXELS} or more pixels per module; it shares the sample's pixels. */
    GreyImage moduleSample() {
        return moduleSample.image();
    }

    /** The camera's view of the delivered pixels; null when too small to leave a pixel per side. */
    GreyImage cameraView() {
        return camera.view();
    }

    /** The contrast of the delivered pixels at the modules' centres ({@link ModuleContrast}). */
    double contrast() {
        return contrast.measure();
    }

    /** Image pixels per pixel of the delivered luminance, along each axis. */
    int factor() {
        return delivered.factor;
    }

    /** Image pixels per pixel of what BoofCV reads, along each axis. */
    int boofcvFactor() {
        return boofcvSample.factor;
    }

    /** Image pixels per pixel of ZXing's sample, along each axis. */
    int moduleFactor() {
        return moduleSample.factor;
    }

    int edge() {
        return edge;
    }

    /** Whether every row of the source has arrived. */
    boolean complete() {
        return nextRow == edge;
    }

    /** Fills {@code sums} with the running sums of {@code width} levels: {@code sums[x]} adds up those left of x. */
    static void sumColumns(int[] levels, int[] sums, int width) {
        int sum = 0;
        for (int x = 0; x < width; x++) {
            sums[x] = sum;
            sum += levels[x];
        }
        sums[width] = sum;
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    /** An image's grey levels averaged over square blocks of {@code factor} pixels, the last ones partial. */
    private static final class Reduction {

        private final int sourceWidth;
        private final int factor;
        private final int width;
        private final byte[] luminance;
        /** Grey-level sums of the block row being collected, one per column. */
        private final int[] sums;
        /** The last row's grey levels summed over each column's pixels. */
        private final int[] rowSums;

        Reduction(int sourceWidth, int factor) {
            this.sourceWidth = sourceWidth;
            this.factor = factor;
            this.width = ceilDiv(sourceWidth, factor);
            this.luminance = new byte[width * width];
            this.sums = new int[factor == 1 ? 0 : width];
            this.rowSums = new int[sums.length];
        }

        /** The bytes a reduction {@code edge} pixels a side holds. */
        static long bytesFor(long edge) {
            return edge * edge + 2 * edge * Integer.BYTES;
        }

        /**
         * Takes row {@code y}, its levels and their running sums ({@link #sumColumns}); a {@code repeated} row is the
         * last one again, whose sums are known.
         */
        void row(int y, int[] grey, int[] columnSums, boolean repeated, boolean last) {
            if (factor == 1) {
                int start = y * sourceWidth;
                if (repeated) {
                    System.arraycopy(luminance, start - sourceWidth, luminance, start, sourceWidth);
                    return;
                }
                for (int x = 0; x < sourceWidth; x++) {
                    luminance[start + x] = (byte) grey[x];
                }
                return;
            }
            if (!repeated) {
                for (int column = 0, x = 0; column < width; column++, x += factor) {
                    rowSums[column] = columnSums[Math.min(x + factor, sourceWidth)] - columnSums[x];
                }
            }
            for (int column = 0; column < width; column++) {
                sums[column] += rowSums[column];
            }
            int rowsInBlock = (y % factor) + 1;
            if (rowsInBlock == factor || last) {
                int start = (y / factor) * width;
                for (int column = 0; column < width; column++) {
                    int columns = Math.min(factor, sourceWidth - column * factor);
                    luminance[start + column] = (byte) (sums[column] / (rowsInBlock * columns));
                    sums[column] = 0;
                }
            }
        }

        GreyImage image() {
            return new GreyImage(luminance, width, width);
        }
    }
}
