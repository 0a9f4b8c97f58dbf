package dev.qrforge.render;

import java.util.List;
import java.util.Objects;

/**
 * The look of a code, independent of its content and size.
 *
 * @param bodyStyle  how dark modules are drawn
 * @param foreground the colour of dark modules, or the gradient's first colour
 * @param background the colour of light modules and the quiet zone
 * @param gradient   the foreground gradient, or null for a solid foreground
 */
public record Design(BodyStyle bodyStyle, Rgb foreground, Rgb background, Gradient gradient) {

    /** Square modules, black on white: the look every scanner is built for. */
    public static final Design DEFAULT = new Design(BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE, null);

    public Design {
        Objects.requireNonNull(bodyStyle, "bodyStyle");
        Objects.requireNonNull(foreground, "foreground");
        Objects.requireNonNull(background, "background");
    }

    /** Returns the colours the foreground passes through, in gradient order: one for a solid foreground, else two. */
    public List<Rgb> foregroundStops() {
        return gradient == null ? List.of(foreground) : List.of(foreground, gradient.color2());
    }
}
