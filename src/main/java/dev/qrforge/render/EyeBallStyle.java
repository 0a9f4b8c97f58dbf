package dev.qrforge.render;

/** The dark 3×3 centre of a finder pattern ("eye"). */
public enum EyeBallStyle {

    SQUARE,

    /** Corners rounded by three quarters of a module. */
    ROUNDED,

    CIRCLE,

    /** Top-left and bottom-right corners rounded by a module and a half. */
    LEAF,

    /** A rhombus, its corners a quarter module beyond the middles of the square's sides. */
    DIAMOND,

    /** An eight-pointed star, a little larger than the square. */
    STAR,

    /** Its nine modules as dots, each overlapping its neighbours a little. */
    DOTS
}
