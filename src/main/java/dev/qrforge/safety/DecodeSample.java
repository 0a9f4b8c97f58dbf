package dev.qrforge.safety;

import com.google.zxing.LuminanceSource;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.RowSink;
import java.awt.image.BufferedImage;

/**
 * What the verifier reads of a rendering: its luminance, collected row by row while the image is drawn. Images up to
 * {@link #MAX_EDGE} pixels a side are read pixel for pixel, as a scanner reading the file itself would (a scanner's
 * detector misreads some styled codes at one resolution and not at another, so the verdict must judge the delivered
 * pixels); larger ones are averaged over square blocks down to that edge, as a camera's optics average what falls on
 * one sensor pixel. The sample thus never holds more than a megabyte, however large the image.
 *
 * <p>Of a framed rendering the sample holds the code's square (symbol and quiet zone) and leaves out the frame: the
 * frame lies outside the quiet zone, which is what the standard asks a scanner to need, so the code is judged exactly
 * as it would be unframed, by the same geometry ({@link ModuleContrast} and {@link CameraView} find modules by
 * {@link RenderSpec#moduleCentre}, counted from the code's edge).
 */
public final class DecodeSample extends LuminanceSource implements RowSink {

    /** Ample for any symbol: even version 40 with its quiet zone keeps more than 5 sample pixels per module. */
    static final int MAX_EDGE = 1024;

    /** ZXing's luminance weights, (R + 2G + B) / 4, so the sample binarises as ZXing's own sources would. */
    private static final int WEIGHT_SUM = 4;
    private static final int CHANNEL = 0xff;

    private final int sourceWidth;
    private final int sourceHeight;
    /** Where the sampled square lies in the rows handed in. */
    private final int left;
    private final int top;
    private final int factor;
    /** Whether rows carry alpha: a transparent code, judged as it looks on a white surface. */
    private final boolean overWhite;
    private final byte[] luminance;
    /** Weighted channel sums of the block row being collected, one per sample column. */
    private final int[] sums;
    private int nextRow;

    private DecodeSample(int sourceWidth, int sourceHeight, int left, int top, int factor, boolean overWhite) {
        super(ceilDiv(sourceWidth, factor), ceilDiv(sourceHeight, factor));
        this.sourceWidth = sourceWidth;
        this.sourceHeight = sourceHeight;
        this.left = left;
        this.top = top;
        this.factor = factor;
        this.overWhite = overWhite;
        this.luminance = new byte[getWidth() * getHeight()];
        this.sums = new int[getWidth()];
    }

    /**
     * An empty sample for the rendering of {@code spec}, to be filled through {@link #row} with the rows of the whole
     * image, of which it keeps the code's square. A transparent rendering is judged on a white surface, the light
     * surface such codes are meant for.
     */
    public static DecodeSample forCode(RenderSpec spec) {
        return new DecodeSample(spec.size(), spec.size(), spec.codeX(), spec.codeY(), factor(spec),
                spec.design().transparent());
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
        DecodeSample sample = new DecodeSample(spec.size(), spec.size(), spec.codeX(), spec.codeY(), factor(spec),
                false);
        int[] row = new int[width];
        for (int y = 0; y < image.getHeight(); y++) {
            sample.row(y, image.getRGB(0, y, width, 1, row, 0, width), 0);
        }
        return sample;
    }

    /** The bytes the sample of {@code spec}'s rendering holds. */
    public static long bytesFor(RenderSpec spec) {
        int factor = factor(spec);
        long edge = ceilDiv(spec.size(), factor);
        return edge * edge + edge * Integer.BYTES;
    }

    private static int factor(RenderSpec spec) {
        return ceilDiv(spec.size(), MAX_EDGE);
    }

    @Override
    public void row(int imageY, int[] pixels, int imageOffset) {
        int y = imageY - top;
        if (y < 0 || y >= sourceHeight) {
            return;
        }
        int offset = imageOffset + left;
        if (y != nextRow) {
            throw new IllegalStateException("expected row " + nextRow + ", got " + y);
        }
        if (factor == 1) {
            int start = y * sourceWidth;
            for (int x = 0; x < sourceWidth; x++) {
                luminance[start + x] = (byte) (weighted(pixels[offset + x]) / WEIGHT_SUM);
            }
            nextRow++;
            return;
        }
        for (int column = 0, x = 0; column < sums.length; column++) {
            int end = Math.min(x + factor, sourceWidth);
            int sum = 0;
            for (; x < end; x++) {
                sum += weighted(pixels[offset + x]);
            }
            sums[column] += sum;
        }
        nextRow++;
        int rowsInBlock = (y % factor) + 1;
        if (rowsInBlock == factor || nextRow == sourceHeight) {
            int start = (y / factor) * getWidth();
            for (int column = 0; column < sums.length; column++) {
                int columns = Math.min(factor, sourceWidth - column * factor);
                luminance[start + column] = (byte) (sums[column] / (WEIGHT_SUM * rowsInBlock * columns));
                sums[column] = 0;
            }
        }
    }

    private int weighted(int argb) {
        int colour = (argb >> 16 & CHANNEL) + 2 * (argb >> 8 & CHANNEL) + (argb & CHANNEL);
        if (!overWhite) {
            return colour;
        }
        int alpha = argb >>> 24;
        return (colour * alpha + WEIGHT_SUM * CHANNEL * (CHANNEL - alpha)) / CHANNEL;
    }

    /** The sample as the decoders read it; it shares the sample's pixels. */
    public GreyImage grey() {
        return new GreyImage(luminance, getWidth(), getHeight());
    }

    /** Source pixels per sample pixel along each axis. */
    int factor() {
        return factor;
    }

    int sourceWidth() {
        return sourceWidth;
    }

    int sourceHeight() {
        return sourceHeight;
    }

    /** Whether every row of the source has arrived. */
    boolean complete() {
        return nextRow == sourceHeight;
    }

    @Override
    public byte[] getRow(int y, byte[] row) {
        int width = getWidth();
        byte[] target = row == null || row.length < width ? new byte[width] : row;
        System.arraycopy(luminance, y * width, target, 0, width);
        return target;
    }

    @Override
    public byte[] getMatrix() {
        // ZXing's binarisers only read the matrix; handing out the array spares a copy.
        return luminance;
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
