package dev.qrforge.render;

import java.util.List;
import java.util.Objects;

/** The three finder patterns of a symbol, each drawn its own way. */
public record Eyes(Eye topLeft, Eye topRight, Eye bottomLeft) {

    public static final Eyes PLAIN = same(Eye.PLAIN);

    public Eyes {
        Objects.requireNonNull(topLeft, "topLeft");
        Objects.requireNonNull(topRight, "topRight");
        Objects.requireNonNull(bottomLeft, "bottomLeft");
    }

    /** All three eyes alike. */
    public static Eyes same(Eye eye) {
        return new Eyes(eye, eye, eye);
    }

    /** Top-left, top-right, bottom-left. */
    public List<Eye> all() {
        return List.of(topLeft, topRight, bottomLeft);
    }
}
