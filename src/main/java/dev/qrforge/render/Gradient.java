package dev.qrforge.render;

import java.util.Objects;

/**
 * A foreground gradient from the design's foreground colour to {@code color2}.
 *
 * @param type   where each colour sits on the symbol
 * @param color2 the colour the gradient ends in
 */
public record Gradient(GradientType type, Rgb color2) {

    public Gradient {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(color2, "color2");
    }

    /** Returns where the colours of {@link Design#foregroundStops()} sit along the gradient: at its start and end. */
    float[] stopOffsets() {
        return new float[] {0, 1};
    }
}
