package dev.qrforge.composite;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * The {@code plate} of a placement as it travels in JSON: {@code true} for a plate with every default, {@code false}
 * for none (as if absent), or an object setting some of its fields.
 *
 * @param color   {@code #rrggbb}
 * @param opacity 0–1; a number, so that {@code 1} and {@code 0} are as welcome as {@code 0.9}
 * @param radius  the corner radius in pixels
 */
public record PlateJson(String color, Number opacity, Integer radius) {

    /** A plate with every default, as {@code true} asks for. */
    static final PlateJson DEFAULTS = new PlateJson(null, null, null);

    /** Binds the boolean spelling; {@code false} becomes no plate at all. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static PlateJson of(boolean wanted) {
        return wanted ? DEFAULTS : null;
    }
}
