package dev.qrforge.render;

/**
 * The shape of a two-stop foreground gradient. Both kinds span the symbol proper (the modules, not the quiet zone),
 * so the colours seen on the code do not depend on the margin.
 */
public enum GradientType {

    /** From the foreground colour at the symbol's top-left corner to the second colour at its bottom-right (45°). */
    LINEAR,

    /** From the foreground colour at the symbol's centre to the second colour at its corners. */
    RADIAL;

}
