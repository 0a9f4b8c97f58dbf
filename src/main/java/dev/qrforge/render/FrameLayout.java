package dev.qrforge.render;

/**
 * Where a frame puts everything, in the units of the code's edge {@code size} (an image's pixels): the image's size,
 * the code's square (symbol and quiet zone, left as the code alone would be), the caption's box, and the frame's
 * shapes ({@link #trace}). Every length is a fraction of the code's edge, so a frame looks the same at any size: the
 * border is {@value #BORDER} of it and the caption's band {@value #BAND}. On the {@link Grid#PIXELS} grid of an image
 * every length is rounded to whole pixels (at least one), so the code's pixels are exactly those of the unframed
 * code; on a print page ({@link Grid#EXACT}) nothing is rounded. No shape reaches into the code's square.
 *
 * @param grid    how lengths are rounded
 * @param border  the thickness of the frame's rings and arrow
 * @param width   the image's width
 * @param height  the image's height
 * @param codeX   the left edge of the code's square
 * @param codeY   the top edge of the code's square
 * @param caption the caption's box, empty without a frame
 */
record FrameLayout(FrameStyle style, Grid grid, double size, double border, double width, double height,
        double codeX, double codeY, Box caption) {

    /** A rectangle of the image. */
    record Box(double x, double y, double width, double height) {
    }

    /** How a layout rounds its lengths. */
    enum Grid {

        /** To an image's whole pixels, every length at least one. */
        PIXELS,

        /** Not at all: a print page has no pixels to round to, and its frame has the exact proportions. */
        EXACT;

        /** A length of {@code exact} on this grid. */
        double length(double exact) {
            return this == PIXELS ? Math.max(1, Math.round(exact)) : exact;
        }

        /** Half of {@code length}: on whole pixels, the smaller half. */
        double half(double length) {
            return this == PIXELS ? Math.floor(length / 2) : length / 2;
        }
    }

    static final double BORDER = 0.04;
    static final double BAND = 0.2;
    /** The tab of {@link FrameStyle#TAB_TOP}, as a fraction of the image's width. */
    private static final double TAB = 0.7;
    /** The arms of {@link FrameStyle#BRACKET}'s corners, as a fraction of the code's edge. */
    private static final double BRACKET_ARM = 0.2;

    /** The layout of {@code style} around a code of {@code size}, its lengths rounded as {@code grid} rounds. */
    static FrameLayout of(FrameStyle style, double size, Grid grid) {
        double t = grid.length(size * BORDER);
        double band = grid.length(size * BAND);
        double s = size;
        return switch (style) {
            case NONE -> new FrameLayout(style, grid, s, t, s, s, 0, 0, new Box(0, 0, 0, 0));
            case BOX, BRACKET -> new FrameLayout(style, grid, s, t, s + 2 * t, s + 2 * t + band, t, t,
                    new Box(t, t + s, s, band));
            // The inner corners are rounded by t, so the code keeps t away from the ring, which never reaches in.
            case ROUNDED_BOX -> new FrameLayout(style, grid, s, t, s + 4 * t, s + 4 * t + band, 2 * t, 2 * t,
                    new Box(2 * t, 2 * t + s, s, band));
            case BANNER_BOTTOM -> new FrameLayout(style, grid, s, t, s + 2 * t, t + s + band, t, t,
                    new Box(t, t + s, s, band));
            case BANNER_TOP -> new FrameLayout(style, grid, s, t, s + 2 * t, band + s + t, t, band,
                    new Box(t, 0, s, band));
            case TICKET -> new FrameLayout(style, grid, s, t, s + 4 * t, 2 * t + s + band, 2 * t, 2 * t,
                    new Box(2 * t, 2 * t + s, s, band));
            // A gap of t, a tail of 2t, then the bubble.
            case SPEECH_BUBBLE -> new FrameLayout(style, grid, s, t, s, s + 3 * t + band, 0, 0,
                    new Box(0, s + 3 * t, s, band));
            // A gap of t, an arrow of 4t, then the caption.
            case ARROW -> new FrameLayout(style, grid, s, t, s, s + 5 * t + band, 0, 0,
                    new Box(0, s + 5 * t, s, band));
            case TAB_TOP -> {
                double width = s + 2 * t;
                double tab = grid.length(width * TAB);
                yield new FrameLayout(style, grid, s, t, width, band + s + 2 * t, t, band + t,
                        new Box(grid.half(width - tab), 0, tab, band));
            }
        };
    }

    /** Traces the frame's shapes, in the layout's units, clockwise; a hole is traced counter-clockwise. */
    void trace(OutlineSink sink) {
        double t = border;
        double s = size;
        Outlines.Corner square = Outlines.Corner.SQUARE;
        switch (style) {
            case NONE -> { }
            case BOX -> {
                Outlines.rectangle(sink, 0, 0, width, height, square, false);
                Outlines.rectangle(sink, t, t, width - 2 * t, height - 2 * t, square, true);
            }
            case ROUNDED_BOX -> {
                Outlines.rectangle(sink, 0, 0, width, height, Outlines.Corner.round(2 * t), false);
                Outlines.rectangle(sink, t, t, width - 2 * t, height - 2 * t, Outlines.Corner.round(t), true);
            }
            case BANNER_TOP, BANNER_BOTTOM -> {
                Outlines.rectangle(sink, 0, 0, width, height, square, false);
                Outlines.rectangle(sink, codeX, codeY, s, s, square, true);
            }
            case TICKET -> {
                notched(sink, 2 * t);
                Outlines.rectangle(sink, codeX, codeY, s, s, square, true);
            }
            case SPEECH_BUBBLE -> {
                double centre = width / 2.0;
                // The tail's base lies inside the bubble, so the two merge into one shape.
                Outlines.polygon(sink, centre, s + t, centre + 2 * t, caption.y() + t, centre - 2 * t, caption.y() + t);
                Outlines.rectangle(sink, caption.x(), caption.y(), caption.width(), caption.height(),
                        Outlines.Corner.round(Math.min(2 * t, caption.height() / 2.0)), false);
            }
            case ARROW -> {
                double centre = width / 2.0;
                double head = s + 3.5 * t;
                double foot = s + 5 * t;
                Outlines.polygon(sink, centre, s + t, centre + 2 * t, head, centre + t / 2.0, head,
                        centre + t / 2.0, foot, centre - t / 2.0, foot, centre - t / 2.0, head, centre - 2 * t, head);
            }
            case TAB_TOP -> {
                tab(sink, caption.x(), caption.width(), caption.height(), Math.min(2 * t, caption.height() / 2.0));
                Outlines.rectangle(sink, codeX, codeY, s, s, square, true);
            }
            case BRACKET -> {
                double arm = grid.length(s * BRACKET_ARM);
                double bottom = s + 2 * t;
                double right = width;
                Outlines.polygon(sink, 0, 0, arm, 0, arm, t, t, t, t, arm, 0, arm);
                Outlines.polygon(sink, right - arm, 0, right, 0, right, arm, right - t, arm, right - t, t,
                        right - arm, t);
                Outlines.polygon(sink, right, bottom - arm, right, bottom, right - arm, bottom, right - arm,
                        bottom - t, right - t, bottom - t, right - t, bottom - arm);
                Outlines.polygon(sink, 0, bottom - arm, t, bottom - arm, t, bottom - t, arm, bottom - t, arm,
                        bottom, 0, bottom);
            }
        }
    }

    /** The whole image with its four corners notched by concave quarter circles of radius {@code notch}. */
    private void notched(OutlineSink sink, double notch) {
        sink.moveTo(notch, 0);
        sink.lineTo(width - notch, 0);
        sink.roundTo(width - notch, notch, width, notch);
        sink.lineTo(width, height - notch);
        sink.roundTo(width - notch, height - notch, width - notch, height);
        sink.lineTo(notch, height);
        sink.roundTo(notch, height - notch, 0, height - notch);
        sink.lineTo(0, notch);
        sink.roundTo(notch, notch, notch, 0);
        sink.close();
    }

    /** The ring's outline with a tab on top, {@code tab} wide from {@code left}, {@code band} high. */
    private void tab(OutlineSink sink, double left, double tab, double band, double radius) {
        sink.moveTo(0, band);
        sink.lineTo(left, band);
        sink.lineTo(left, radius);
        sink.roundTo(left, 0, left + radius, 0);
        sink.lineTo(left + tab - radius, 0);
        sink.roundTo(left + tab, 0, left + tab, radius);
        sink.lineTo(left + tab, band);
        sink.lineTo(width, band);
        sink.lineTo(width, height);
        sink.lineTo(0, height);
        sink.close();
    }
}
