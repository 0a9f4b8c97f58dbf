package dev.qrforge.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The look of a code, independent of its content and size.
 *
 * @param bodyStyle  how dark modules are drawn
 * @param foreground the colour of dark modules, or the gradient's first colour
 * @param background the colour of light modules and the quiet zone, or null for a transparent background
 * @param gradient   the foreground gradient, or null for a solid foreground
 * @param eyes       how the three finder patterns are drawn
 * @param frame      the frame with a call to action around the code, {@link Frame#NONE} for none
 */
public record Design(BodyStyle bodyStyle, Rgb foreground, Rgb background, Gradient gradient, Eyes eyes,
        Frame frame) {

    /** Square modules, black on white: the look every scanner is built for. */
    public static final Design DEFAULT = new Design(BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE, null);

    public Design {
        Objects.requireNonNull(bodyStyle, "bodyStyle");
        Objects.requireNonNull(foreground, "foreground");
        Objects.requireNonNull(eyes, "eyes");
        Objects.requireNonNull(frame, "frame");
    }

    /** Without a frame. */
    public Design(BodyStyle bodyStyle, Rgb foreground, Rgb background, Gradient gradient, Eyes eyes) {
        this(bodyStyle, foreground, background, gradient, eyes, Frame.NONE);
    }

    /** The same look with another frame. */
    public Design withFrame(Frame otherFrame) {
        return new Design(bodyStyle, foreground, background, gradient, eyes, otherFrame);
    }

    /** Plain square eyes painted like the body. */
    public Design(BodyStyle bodyStyle, Rgb foreground, Rgb background, Gradient gradient) {
        this(bodyStyle, foreground, background, gradient, Eyes.PLAIN);
    }

    public boolean transparent() {
        return background == null;
    }

    /** Returns the colours the foreground passes through, in gradient order: one for a solid foreground, else two. */
    public List<Rgb> foregroundStops() {
        return gradient == null ? List.of(foreground) : List.of(foreground, gradient.color2());
    }

    /** Whether every colour this design paints, frame and caption included, is a grey. */
    public boolean greyOnly() {
        List<Rgb> painted = new ArrayList<>(darkColours());
        if (background != null) {
            painted.add(background);
        }
        if (frame.present()) {
            painted.add(frame.paint(this));
            painted.add(frame.textPaint(this));
        }
        return painted.stream().allMatch(Rgb::grey);
    }

    /** Every colour a dark module of this design can have: the foreground's, and the eyes' own. */
    public List<Rgb> darkColours() {
        List<Rgb> colours = new ArrayList<>(foregroundStops());
        for (Eye eye : eyes.all()) {
            for (Rgb own : new Rgb[] {eye.frameColor(), eye.ballColor()}) {
                if (own != null && !colours.contains(own)) {
                    colours.add(own);
                }
            }
        }
        return colours;
    }
}
