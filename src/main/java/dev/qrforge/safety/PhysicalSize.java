package dev.qrforge.safety;

/**
 * A code asked for in a physical size, as its verdict speaks of it: in the request's unit, never in pixels.
 *
 * @param millimetres the code's edge (quiet zone included), in millimetres
 * @param inches      whether the request gave it in inches rather than millimetres
 * @param dpi         the pixels per inch of a raster file; 0 for PDF and EPS, which print at 300 dpi or more and are
 *                    judged at 6 pixels per module whatever their size
 */
public record PhysicalSize(double millimetres, boolean inches, int dpi) {

    static final double MILLIMETRES_PER_INCH = 25.4;

    /** Whether the file is a vector one (PDF, EPS) rather than pixels at a stated density. */
    boolean vector() {
        return dpi == 0;
    }
}
