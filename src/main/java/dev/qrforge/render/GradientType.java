package dev.qrforge.render;

import java.util.List;
import java.util.Optional;

/**
 * The shape of a two-stop foreground gradient. Both kinds span the symbol proper (the modules, not the quiet zone),
 * so the colours seen on the code do not depend on the margin.
 */
public enum GradientType {

    /** From the foreground colour at the symbol's top-left corner to the second colour at its bottom-right (45°). */
    LINEAR,

    /** From the foreground colour at the symbol's centre to the second colour at its corners. */
    RADIAL;

    /** Returns this type's spelling on the wire, e.g. {@code "linear"}. */
    public String wireName() {
        return WireNames.of(this);
    }

    /** Returns the type spelled exactly {@code wire}, or empty. */
    public static Optional<GradientType> fromWire(String wire) {
        return WireNames.find(GradientType.class, wire);
    }

    /** Returns all wire spellings, for error messages and API documentation. */
    public static List<String> wireNames() {
        return WireNames.all(GradientType.class);
    }
}
