package dev.qrforge.render;

/** Thrown when data does not fit into the largest QR symbol at the requested error correction. */
public final class DataTooLongException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final ErrorCorrection errorCorrection;

    public DataTooLongException(ErrorCorrection errorCorrection) {
        super("data does not fit into a QR code at error correction " + errorCorrection + " (at most "
                + errorCorrection.maxBinaryBytes() + " bytes)");
        this.errorCorrection = errorCorrection;
    }

    /** Returns the level the data was too long for. */
    public ErrorCorrection errorCorrection() {
        return errorCorrection;
    }

    /** Returns the byte capacity at that level, for telling the user how far to shorten the data. */
    public int maxBinaryBytes() {
        return errorCorrection.maxBinaryBytes();
    }
}
