package dev.qrforge.qr;

/**
 * The unit of a code's {@code size}: pixels, or a physical length that the DPI turns into pixels for raster formats
 * and that PDF and EPS honour exactly.
 */
public enum SizeUnit {
    PX(0),
    MM(25.4),
    IN(1);

    private final double perInch;

    SizeUnit(double perInch) {
        this.perInch = perInch;
    }

    public boolean physical() {
        return this != PX;
    }

    /** A physical length in this unit, in inches. */
    double inches(double length) {
        return length / perInch;
    }

    /** A length of {@code inches}, in this physical unit. */
    double of(double inches) {
        return inches * perInch;
    }
}
