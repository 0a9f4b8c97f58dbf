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
        int[] columnSums = new int[row.length + 1];
        for (int y = 0; y < image.height(); y++) {
            for (int x = 0; x < row.length; x++) {
                row[x] = image.at(x, y);
            }
            DecodeSample.sumColumns(row, columnSums, row.length);
            blocks.row(y, columnSums, false);
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
         * Takes row {@code y} of the image as the running sums of its grey levels
         * ({@link DecodeSample#sumColumns}); rows arrive in order. A row the same as the last one
         * ({@code repeated}) adds the sums already worked out.
         */
        void row(int y, int[] columnSums, boolean repeated) {
            int cameraY = y / block;
            if (cameraY >= height) {
                return;
            }
            if (!repeated) {
                for (int x = 0, column = 0; x < width; x++, column += block) {
                    rowSums[x] = columnSums[column + block] - columnSums[column];
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

    /*
     * Both passes add one tap at a time over a whole row, which the JIT vectorises; each pixel still sums its taps in
     * kernel order from zero, so the view is the same to the bit as a pixel-by-pixel sum.
     */

    /** The blur's pass along rows; edges repeat their last pixel. */
    private static float[] blurAlongRows(float[] source, int width, int height, float[] kernel) {
        int radius = kernel.length / 2;
        float[] target = new float[source.length];
        for (int row = 0; row < source.length; row += width) {
            for (int k = 0; k < kernel.length; k++) {
                float weight = kernel[k];
                int shift = k - radius;
                int from = Math.min(width, Math.max(0, -shift));
                int to = Math.max(from, Math.min(width, width - shift));
                for (int x = row; x < row + from; x++) {
                    target[x] += weight * source[row];
                }
                for (int x = row + from; x < row + to; x++) {
                    target[x] += weight * source[x + shift];
                }
                for (int x = row + to; x < row + width; x++) {
                    target[x] += weight * source[row + width - 1];
                }
            }
        }
        return target;
    }

    /** The blur's pass along columns, a row at a time so that memory is read in order; edges repeat their last row. */
    private static float[] blurAlongColumns(float[] source, int width, int height, float[] kernel) {
        int radius = kernel.length / 2;
        float[] target = new float[source.length];
        for (int y = 0, row = 0; y < height; y++, row += width) {
            for (int k = 0; k < kernel.length; k++) {
                float weight = kernel[k];
                int from = Math.max(0, Math.min(height - 1, y + k - radius)) * width;
                for (int x = 0; x < width; x++) {
                    target[row + x] += weight * source[from + x];
                }
            }
        }
        return target;
    }
}
