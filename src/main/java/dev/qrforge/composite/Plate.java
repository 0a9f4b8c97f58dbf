package dev.qrforge.composite;

import dev.qrforge.render.Rgb;
import java.util.Objects;

/**
 * A rounded, translucent backing drawn under a code, so that it gets calm, light ground on a busy or dark image.
 *
 * @param color   the plate's colour
 * @param opacity from 0 (invisible) to 1 (opaque)
 * @param radius  the corner radius in pixels, or null for {@link #DEFAULT_RADIUS_SHARE} of the code's edge
 */
record Plate(Rgb color, double opacity, Integer radius) {

    static final Rgb DEFAULT_COLOR = Rgb.WHITE;

    /**
     * White at 0.9 over black is #e6e6e6, still 16:1 against black modules, so a default plate rescues any image
     * while a hint of it shows through.
     */
    static final double DEFAULT_OPACITY = 0.9;

    /**
     * Visibly round, yet small enough that the corners it cuts away fall in the quiet zone or under the finder
     * patterns' dark outer corners, which are drawn opaque over it.
     */
    static final double DEFAULT_RADIUS_SHARE = 0.08;

    Plate {
        Objects.requireNonNull(color, "color");
        if (!(opacity >= 0 && opacity <= 1)) {
            throw new IllegalArgumentException("opacity must be 0–1, got " + opacity);
        }
        if (radius != null && radius < 0) {
            throw new IllegalArgumentException("radius must not be negative, got " + radius);
        }
    }

    /** Returns the corner radius for a code of this edge, at most half the edge: beyond it corners cannot grow. */
    double radius(int edge) {
        return Math.min(radius == null ? DEFAULT_RADIUS_SHARE * edge : radius, edge / 2.0);
    }
}
