package dev.qrforge.render;

/**
 * How the dark modules of a symbol's body are drawn (the three finder patterns are drawn by {@link EyeFrameStyle}
 * and {@link EyeBallStyle}). Every style keeps each dark module's centre dark, where a scanner reads it; the styles
 * differ in how much of the module they fill and how they join neighbours. In the definitions, a corner of a dark
 * area is convex where both modules beside it are light, and concave where a light module has dark modules on two
 * sides and between them.
 */
public enum BodyStyle {

    /** Full squares; neighbouring modules merge into plain rectangles. */
    SQUARE,

    /** Merged like {@link #SQUARE}, every convex corner rounded by a quarter of a module. */
    ROUNDED,

    /** Merged, every convex corner rounded by half a module: lone modules are circles, runs are pills. */
    EXTRA_ROUNDED,

    /** {@link #EXTRA_ROUNDED} with every concave corner filled in by half a module too: smooth, liquid blobs. */
    BLOBS,

    /**
     * Merged; convex top-left and bottom-right corners rounded by half a module, top-right and bottom-left left
     * pointed, giving each lone module and each run the look of a leaf.
     */
    ROUNDED_POINTED,

    /** Merged; convex top-left and bottom-right corners rounded by half a module, the other convex corners cut. */
    CLASSY,

    /** Merged; convex top-left and bottom-right corners rounded by a whole module: lone modules become lenses. */
    CLASSY_ROUNDED,

    /** A circle per module, nine tenths of a module across. */
    DOTS,

    /** A rhombus per module, its corners at the middles of the module's sides. */
    DIAMOND,

    /** A five-pointed star per module. */
    STAR,

    /** Each horizontal run of modules as one bar, eight tenths of a module high with round ends. */
    HORIZONTAL_BARS,

    /** Each vertical run of modules as one bar, eight tenths of a module wide with round ends. */
    VERTICAL_BARS,

    /** A square per module, eight tenths of a module wide, with gaps between neighbours. */
    MOSAIC
}
