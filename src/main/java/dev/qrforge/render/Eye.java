package dev.qrforge.render;

import java.util.Objects;

/**
 * How one finder pattern is drawn.
 *
 * @param frameColor the ring's colour, or null to paint it like the body
 * @param ballColor  the centre's colour, or null to paint it like the body
 */
public record Eye(EyeFrameStyle frameStyle, EyeBallStyle ballStyle, Rgb frameColor, Rgb ballColor) {

    /** Square, painted like the body. */
    public static final Eye PLAIN = new Eye(EyeFrameStyle.SQUARE, EyeBallStyle.SQUARE, null, null);

    public Eye {
        Objects.requireNonNull(frameStyle, "frameStyle");
        Objects.requireNonNull(ballStyle, "ballStyle");
    }
}
