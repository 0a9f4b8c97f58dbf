package dev.qrforge.render;

/**
 * How the dark modules of a symbol are drawn. The three finder patterns ("eyes") stay square in every style: a
 * scanner finds the symbol by them, and ZXing's detector misreads 1–2 % of symbols with rounded eyes.
 */
public enum BodyStyle {

    /** Every dark module is a full square; neighbouring modules merge into plain rectangles. */
    SQUARE,

    /**
     * Dark modules merge with their dark neighbours (as in {@link #SQUARE}); then every convex corner of the merged
     * dark region is rounded with a radius of half a module, except top-right and bottom-left corners, which stay
     * pointed, giving each isolated module and each run the look of a leaf. Concave corners stay square.
     *
     * <p>Precisely, the top-left corner of a dark module is rounded iff its left and its upper neighbour are both
     * light, and its bottom-right corner iff its right and its lower neighbour are both light; no other corner is
     * rounded. Modules outside the symbol count as light, and the modules of the finder patterns are never rounded.
     */
    ROUNDED_POINTED;

}
