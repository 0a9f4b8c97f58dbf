package dev.qrforge.render;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * A frame with a call to action around a code: a {@link FrameStyle}, the caption, and its colours. Absent colours
 * follow the design: the frame takes the foreground colour, the caption the frame's colour where it sits on the
 * background, and black or white (whichever contrasts more) where it sits on the frame.
 *
 * @param style      the frame's shape
 * @param text       the caption, possibly empty; every character one the bundled font draws ({@link #undrawable})
 * @param textColor  the caption's colour, or null for the automatic one
 * @param frameColor the frame's colour, or null for the foreground's
 */
public record Frame(FrameStyle style, String text, Rgb textColor, Rgb frameColor) {

    /** No frame. */
    public static final Frame NONE = new Frame(FrameStyle.NONE, "", null, null);

    /** The caption of a frame whose request gives none: what QR code generators print by default. */
    public static final String DEFAULT_TEXT = "SCAN ME";

    /** The longest caption, in code points: what fits a frame at a readable size. */
    public static final int MAX_TEXT = 40;

    public Frame {
        Objects.requireNonNull(style, "style");
        Objects.requireNonNull(text, "text");
    }

    /** Whether there is a frame at all. */
    public boolean present() {
        return style != FrameStyle.NONE;
    }

    /** The frame's paint in {@code design}. */
    public Rgb paint(Design design) {
        return frameColor != null ? frameColor : design.foreground();
    }

    /** The caption's paint in {@code design}. */
    public Rgb textPaint(Design design) {
        if (textColor != null) {
            return textColor;
        }
        Rgb frame = paint(design);
        if (!style.captionOnFrame()) {
            return frame;
        }
        return Rgb.contrastRatio(frame, Rgb.WHITE) >= Rgb.contrastRatio(frame, Rgb.BLACK) ? Rgb.WHITE : Rgb.BLACK;
    }

    /**
     * The first code point of {@code text} that the bundled font has no glyph for (control characters included),
     * or empty when it can draw all of them.
     */
    public static OptionalInt undrawable(String text) {
        return FrameText.undrawable(text);
    }
}
