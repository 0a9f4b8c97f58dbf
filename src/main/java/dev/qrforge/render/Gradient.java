package dev.qrforge.render;

import java.util.Objects;

/**
 * A foreground gradient from the design's foreground colour to {@code color2}.
 *
 * @param type     where each colour sits on the symbol
 * @param color2   the colour the gradient ends in
 * @param rotation a linear gradient's direction in degrees, clockwise from left-to-right; 45 runs from the top-left
 *                 corner to the bottom-right one. Radial gradients have no direction.
 * @param onEyes   whether eyes without colours of their own are painted with the gradient (else with the foreground
 *                 colour)
 */
public record Gradient(GradientType type, Rgb color2, double rotation, boolean onEyes) {

    /** Top-left to bottom-right. */
    public static final double DIAGONAL = 45;

    public Gradient {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(color2, "color2");
    }

    /** A gradient at the default angle, on the eyes too. */
    public Gradient(GradientType type, Rgb color2) {
        this(type, color2, DIAGONAL, true);
    }

    /** Returns where the colours of {@link Design#foregroundStops()} sit along the gradient: at its start and end. */
    float[] stopOffsets() {
        return new float[] {0, 1};
    }
}
