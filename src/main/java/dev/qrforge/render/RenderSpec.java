package dev.qrforge.render;

import java.util.Objects;

/**
 * Everything a renderer needs to draw one code. SVG and raster output share this geometry exactly: the image is
 * {@code size} pixels square, split evenly into {@link #totalModules()} modules per side, with the symbol inset by
 * {@code margin} modules of background.
 *
 * @param matrix the symbol
 * @param size   the image's edge in pixels; callers enforce the API's range, this record only rejects nonsense
 * @param margin the quiet zone on each side, in modules
 * @param design colours and body style
 */
public record RenderSpec(QrMatrix matrix, int size, int margin, Design design) {

    /** A module's centre, as a fraction of the module from its top-left corner. */
    private static final double MODULE_CENTRE = 0.5;

    public RenderSpec {
        Objects.requireNonNull(matrix, "matrix");
        Objects.requireNonNull(design, "design");
        if (size < 1) {
            throw new IllegalArgumentException("size must be positive, got " + size);
        }
        if (margin < 0) {
            throw new IllegalArgumentException("margin must not be negative, got " + margin);
        }
    }

    /** Returns the image's edge in modules: the symbol plus the quiet zone on both sides. */
    public int totalModules() {
        return matrix.modules() + 2 * margin;
    }

    /** Returns the edge of one module in pixels; rarely a whole number, which is why renderers anti-alias. */
    public double moduleSize() {
        return (double) size / totalModules();
    }

    /** Returns the pixel offset of the symbol's top-left corner from the image's, on both axes. */
    double symbolOffset() {
        return margin * moduleSize();
    }

    /**
     * Returns the pixel at the centre of module {@code module}, counted from the image's edge (quiet zone included),
     * on either axis: where a scanner reads a module once it has found the grid.
     */
    public int moduleCentre(int module) {
        return (int) ((module + MODULE_CENTRE) * moduleSize());
    }
}
