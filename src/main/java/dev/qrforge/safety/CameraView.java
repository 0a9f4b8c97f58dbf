package dev.qrforge.safety;

import java.util.Arrays;

/**
 * A code as a phone's camera gets it from a little further away or slightly out of focus: the image at a third of its
 * edge, each camera pixel averaging the 3 × 3 image pixels it covers, then blurred by a Gaussian of
 * {@value #BLUR_SIGMA} camera pixels (lens and motion spread a point over about a pixel). A code that still reads
 * like this has margin to spare; docs/scannability-calibration.md reports both decoders and zbar on this view beside
 * the delivered image, per module size.
 *
 * <p>At a third, a code needs 6 image pixels per module to keep the 2 camera pixels per module a decoder needs to
 * tell modules apart, which is why the verdict's module-size advice starts there.
 */
public final class CameraView {

    /** Image pixels per camera pixel along each axis. */
    public static final int REDUCTION = 3;
    static final double BLUR_SIGMA = 0.6;
    /** The Gaussian is cut at 3 σ, where under 0.3 % of its weight lies. */
    private static final double KERNEL_SIGMAS = 3;
    private static final int MAX_GREY = 255;

    private CameraView() {
    }

    /** The camera's view of {@code image}; null when it is too small to leave a pixel per side. */
    public static GreyImage of(GreyImage image) {
        Blocks blocks = new Blocks(image.width(), image.height(), REDUCTION);
        int[] row = new int[image.width()];
        for (int y = 0; y < image.height(); y++) {
            for (int x = 0; x < row.length; x++) {
                row[x] = image.at(x, y);
            }
            blocks.row(y, row, false);
        }
        return blocks.view();
    }

    /**
     * The camera's pixels, collected from an image's grey rows as they are drawn, so that the view is taken of the
     * delivered pixels without keeping them: each camera pixel averages the {@code block} × {@code block} image
     * pixels it covers.
     */
    static final class Blocks {

        private final int block;
        private final int width;
        private final int height;
        private final float[] reduced;
        /** Grey sums of the block row being collected, one per camera column. */
        private final int[] sums;
        /** The last row's grey levels summed over each camera column's pixels. */
        private final int[] rowSums;

        Blocks(int imageWidth, int imageHeight, int block) {
            this.block = block;
            this.width = imageWidth / block;
            this.height = imageHeight / block;
            this.reduced = new float[Math.max(0, width) * Math.max(0, height)];
            this.sums = new int[width];
            this.rowSums = new int[width];
        }

        /** The heap a collector for an image of {@code edge} × {@code edge} pixels holds, the view made of it included. */
        static long bytesFor(int edge, int block) {
            long pixels = (long) (edge / block) * (edge / block);
            // The block averages, the blur's two passes (floats) and the view (bytes).
            return pixels * (3 * Float.BYTES + 1) + 2L * (edge / block) * Integer.BYTES;
        }

        /**
         * Takes row {@code y} of the image as grey levels; rows arrive in order. A row the same as the last one
         * ({@code repeated}) adds the sums already worked out.
         */
        void row(int y, int[] grey, boolean repeated) {
            int cameraY = y / block;
            if (cameraY >= height) {
                return;
            }
            if (!repeated) {
                for (int x = 0, column = 0; x < width; x++) {
                    int sum = 0;
                    for (int dx = 0; dx < block; dx++, column++) {
                        sum += grey[column];
                    }
                    rowSums[x] = sum;
                }
            }
            for (int x = 0; x < width; x++) {
                sums[x] += rowSums[x];
            }
            if (y % block == block - 1) {
                for (int x = 0, at = cameraY * width; x < width; x++, at++) {
                    reduced[at] = (float) sums[x] / (block * block);
                }
                Arrays.fill(sums, 0);
            }
        }

        /** The view, once every row has arrived; null when the image is too small to leave a pixel per side. */
        GreyImage view() {
            if (width < 1 || height < 1) {
                return null;
            }
            float[] kernel = kernel();
            float[] blurred = blurAlongColumns(blurAlongRows(reduced, width, height, kernel), width, height, kernel);
            byte[] pixels = new byte[width * height];
            for (int i = 0; i < pixels.length; i++) {
                pixels[i] = (byte) Math.min(MAX_GREY, Math.round(blurred[i]));
            }
            return new GreyImage(pixels, width, height);
        }
    }

    private static float[] kernel() {
        int radius = (int) Math.ceil(KERNEL_SIGMAS * BLUR_SIGMA);
        float[] kernel = new float[2 * radius + 1];
        double sum = 0;
        for (int i = -radius; i <= radius; i++) {
            double weight = Math.exp(-i * i / (2 * BLUR_SIGMA * BLUR_SIGMA));
            kernel[i + radius] = (float) weight;
            sum += weight;
        }
        for (int i = 0; i < kernel.length; i++) {
            kernel[i] /= (float) sum;
        }
        return kernel;
    }

    /** The blur's pass along rows. */
    private static float[] blurAlongRows(float[] source, int width, int height, float[] kernel) {
        int[][] taps = taps(width, kernel.length, 1);
        float[] target = new float[source.length];
        for (int y = 0, row = 0; y < height; y++, row += width) {
            for (int x = 0; x < width; x++) {
                target[row + x] = weighted(source, row, taps[x], kernel);
            }
        }
        return target;
    }

    /** The blur's pass along columns, row by row so that memory is read in order. */
    private static float[] blurAlongColumns(float[] source, int width, int height, float[] kernel) {
        int[][] taps = taps(height, kernel.length, width);
        float[] target = new float[source.length];
        for (int y = 0, row = 0; y < height; y++, row += width) {
            for (int x = 0; x < width; x++) {
                target[row + x] = weighted(source, x, taps[y], kernel);
            }
        }
        return target;
    }

    /**
     * Where each of the {@code size} taps of each position along an axis of {@code length} pixels reads, in steps of
     * {@code stride}: edges repeat their last pixel. Worked out once per axis rather than clamped at every tap.
     */
    private static int[][] taps(int length, int size, int stride) {
        int radius = size / 2;
        int[][] taps = new int[length][size];
        for (int position = 0; position < length; position++) {
            for (int k = 0; k < size; k++) {
                taps[position][k] = Math.max(0, Math.min(length - 1, position + k - radius)) * stride;
            }
        }
        return taps;
    }

    private static float weighted(float[] source, int origin, int[] taps, float[] kernel) {
        float sum = 0;
        for (int k = 0; k < kernel.length; k++) {
            sum += kernel[k] * source[origin + taps[k]];
        }
        return sum;
    }
}
