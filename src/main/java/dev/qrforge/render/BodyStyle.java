package dev.qrforge.render;

import java.util.List;
import java.util.Optional;

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

    /** Returns this style's spelling on the wire, e.g. {@code "rounded-pointed"}. */
    public String wireName() {
        return WireNames.of(this);
    }

    /** Returns the style spelled exactly {@code wire}, or empty. */
    public static Optional<BodyStyle> fromWire(String wire) {
        return WireNames.find(BodyStyle.class, wire);
    }

    /** Returns all wire spellings, for error messages and API documentation. */
    public static List<String> wireNames() {
        return WireNames.all(BodyStyle.class);
    }
}
