package dev.qrforge.composite;

import dev.qrforge.api.WireNames;
import java.util.List;
import java.util.Optional;

/** Where on an image a code goes when no explicit x and y are given. */
public enum Position {
    CENTER,
    TOP_LEFT,
    TOP_RIGHT,
    BOTTOM_LEFT,
    BOTTOM_RIGHT;

    /** Returns the position spelled exactly {@code wire}, e.g. {@code "top-left"}, or empty. */
    public static Optional<Position> fromWire(String wire) {
        return WireNames.find(Position.class, wire);
    }

    /** Returns all wire spellings, for error messages and API documentation. */
    public static List<String> wireNames() {
        return WireNames.all(Position.class);
    }
}
