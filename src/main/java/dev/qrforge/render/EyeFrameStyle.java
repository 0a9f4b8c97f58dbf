package dev.qrforge.render;

/**
 * The outer ring of a finder pattern ("eye"): 7×7 modules around a light 5×5 square. Each style but {@link #DOTS}
 * is a square ring whose corners are rounded or cut; {@link #corner()} says by how much, which decides whether
 * scanners that look for the eye's square outline still find it.
 */
public enum EyeFrameStyle {

    SQUARE(0, 0),

    /** Corners rounded by one module outside, half a module inside: as round as square-seeking scanners allow. */
    ROUNDED(1, 0.5),

    /** Corners rounded by three modules outside, two inside: almost a circle, still a square's footprint. */
    EXTRA_ROUNDED(3, 2),

    /** A ring: a square rounded by half its side. */
    CIRCLE(3.5, 2.5),

    /** Top-left and bottom-right corners rounded by three modules, the others square. */
    LEAF(3, 2),

    /** Every corner cut at 45° by half a module outside, a quarter inside. */
    CUT(0.5, 0.25),

    /** The ring's 24 modules as dots: no outline at all. */
    DOTS(0, 0);

    private final double corner;
    private final double innerCorner;

    EyeFrameStyle(double corner, double innerCorner) {
        this.corner = corner;
        this.innerCorner = innerCorner;
    }

    /**
     * How far the frame's outer outline departs from a square at a corner, in modules: the radius of a rounded corner,
     * the legs of a cut one.
     */
    public double corner() {
        return corner;
    }

    /** The same for the outline of the light square inside the frame. */
    double innerCorner() {
        return innerCorner;
    }
}
