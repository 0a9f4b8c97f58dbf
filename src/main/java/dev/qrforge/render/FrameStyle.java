package dev.qrforge.render;

/**
 * How a frame with a call to action surrounds a code ({@link Frame}). Every style keeps outside the code's square
 * (symbol and quiet zone); {@link FrameLayout} says where each puts the code, its shapes and its caption.
 */
public enum FrameStyle {

    /** No frame: the image is the code alone. */
    NONE(false),

    /** A thin ring around the code and the caption below it, the caption on the background. */
    BOX(false),

    /** As {@link #BOX}, its corners rounded. */
    ROUNDED_BOX(false),

    /** A filled frame around the code whose wide top carries the caption. */
    BANNER_TOP(true),

    /** A filled frame around the code whose wide bottom carries the caption. */
    BANNER_BOTTOM(true),

    /** A filled, rounded bubble under the code, its tail pointing up at it, the caption inside. */
    SPEECH_BUBBLE(true),

    /** An arrow under the code pointing up at it, the caption below on the background. */
    ARROW(false),

    /** As {@link #BANNER_BOTTOM} with a wider border and the four corners notched, like a ticket's. */
    TICKET(true),

    /** A thin ring around the code with a filled, rounded tab on top carrying the caption. */
    TAB_TOP(true),

    /** Four corner brackets around the code, like a viewfinder's, the caption below on the background. */
    BRACKET(false);

    private final boolean captionOnFrame;

    FrameStyle(boolean captionOnFrame) {
        this.captionOnFrame = captionOnFrame;
    }

    /** Whether the caption sits on the frame's own paint (else on the background), which decides its colour. */
    public boolean captionOnFrame() {
        return captionOnFrame;
    }
}
