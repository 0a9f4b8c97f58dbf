package dev.qrforge.render;

/**
 * Receives an image one row of pixels at a time, top to bottom, so that no stage of the raster path needs the whole
 * image in memory: a 5000 px code is 100 MB as one image but a few megabytes as a stream of bands.
 */
@FunctionalInterface
public interface RowSink {

    /** Takes rows and does nothing with them. */
    RowSink NONE = (y, pixels, offset) -> { };

    /**
     * Takes row {@code y}. The row's pixels are {@code 0xRRGGBB} values (the top byte is ignored) at
     * {@code pixels[offset]} onwards, as wide as the image; the array is reused for later rows, so a sink must copy
     * what it keeps.
     */
    void row(int y, int[] pixels, int offset);

    /** Returns a sink that hands every row to this sink and then to {@code next}. */
    default RowSink andThen(RowSink next) {
        return (y, pixels, offset) -> {
            row(y, pixels, offset);
            next.row(y, pixels, offset);
        };
    }
}
