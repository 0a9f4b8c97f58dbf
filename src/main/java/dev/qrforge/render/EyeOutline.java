package dev.qrforge.render;

/**
 * Traces the three finder patterns ("eyes"): each a 7×7 ring (the frame) around a 3×3 centre (the ball), in the
 * styles of its {@link Eye}, in module units with the symbol's top-left corner at the origin.
 */
final class EyeOutline {

    /** A finder pattern is 7×7 modules (ISO/IEC 18004). */
    static final int FINDER_SIZE = 7;
    private static final int BALL_OFFSET = 2;
    private static final int BALL_SIZE = 3;
    /** Version 1 is 21 modules wide; anything smaller is a fragment (in tests), without finder patterns. */
    private static final int SMALLEST_SYMBOL = 21;

    /*
     * Shapes are sized so that ZXing, BoofCV and zbar all still find the pattern: scanners look for dark-light-dark
     * runs in the ratio 1:1:3:1:1 across the centre, horizontally, vertically and (ZXing) diagonally, and BoofCV
     * looks for the frame's outline as a quadrilateral, which corners rounded or cut by more than about a module
     * no longer are (measured by the calibration suite; see docs/scannability-calibration.md).
     */
    private static final double FRAME_DOT_RADIUS = 0.45;
    /** Ball dots overlap their neighbours a little: with gaps, no scanner finds the centre's solid run. */
    private static final double BALL_DOT_RADIUS = 0.55;
    /** The diamond's corners reach a quarter module into the light ring, so its diagonal run stays long enough. */
    private static final double DIAMOND_HALF_DIAGONAL = 1.75;
    /** An eight-pointed star, tips on the axes and the diagonals, so every run across the centre is long enough. */
    private static final int STAR_POINTS = 8;
    private static final double STAR_OUTER = 1.9;
    private static final double STAR_INNER = 1.2;

    private EyeOutline() {
    }

    /** Whether a module belongs to one of the three finder patterns, which the body leaves to the eyes. */
    static boolean inFinder(int x, int y, int modules) {
        if (modules < SMALLEST_SYMBOL) {
            return false;
        }
        boolean left = x < FINDER_SIZE;
        boolean top = y < FINDER_SIZE;
        return (left && top) || (x >= modules - FINDER_SIZE && top) || (left && y >= modules - FINDER_SIZE);
    }

    /** The top-left corners of the eyes, in {@link Eyes#all()} order; none for fragments too small to have them. */
    static int[][] origins(int modules) {
        if (modules < SMALLEST_SYMBOL) {
            return new int[0][];
        }
        int far = modules - FINDER_SIZE;
        return new int[][] {{0, 0}, {far, 0}, {0, far}};
    }

    static void frame(EyeFrameStyle style, int x, int y, OutlineSink sink) {
        int inner = FINDER_SIZE - 2;
        switch (style) {
            case SQUARE -> ring(sink, x, y, Outlines.Corner.SQUARE, Outlines.Corner.SQUARE);
            case ROUNDED, EXTRA_ROUNDED, CIRCLE -> ring(sink, x, y, Outlines.Corner.round(style.corner()),
                    Outlines.Corner.round(style.innerCorner()));
            case LEAF -> {
                Outlines.Corner outer = Outlines.Corner.round(style.corner());
                Outlines.Corner hole = Outlines.Corner.round(style.innerCorner());
                Outlines.rectangle(sink, x, y, FINDER_SIZE, FINDER_SIZE, outer, Outlines.Corner.SQUARE, outer,
                        Outlines.Corner.SQUARE, false);
                Outlines.rectangle(sink, x + 1, y + 1, inner, inner, hole, Outlines.Corner.SQUARE, hole,
                        Outlines.Corner.SQUARE, true);
            }
            case CUT -> ring(sink, x, y, Outlines.Corner.cut(style.corner()), Outlines.Corner.cut(style.innerCorner()));
            case DOTS -> {
                for (int i = 0; i < FINDER_SIZE; i++) {
                    for (int j = 0; j < FINDER_SIZE; j++) {
                        if (i == 0 || j == 0 || i == FINDER_SIZE - 1 || j == FINDER_SIZE - 1) {
                            Outlines.circle(sink, x + i + 0.5, y + j + 0.5, FRAME_DOT_RADIUS, false);
                        }
                    }
                }
            }
        }
    }

    static void ball(EyeBallStyle style, int eyeX, int eyeY, OutlineSink sink) {
        int x = eyeX + BALL_OFFSET;
        int y = eyeY + BALL_OFFSET;
        double half = BALL_SIZE / 2.0;
        switch (style) {
            case SQUARE -> Outlines.rectangle(sink, x, y, BALL_SIZE, BALL_SIZE, Outlines.Corner.SQUARE, false);
            case ROUNDED -> Outlines.rectangle(sink, x, y, BALL_SIZE, BALL_SIZE, Outlines.Corner.round(0.75), false);
            case CIRCLE -> Outlines.circle(sink, x + half, y + half, half, false);
            case LEAF -> Outlines.rectangle(sink, x, y, BALL_SIZE, BALL_SIZE, Outlines.Corner.round(half),
                    Outlines.Corner.SQUARE, Outlines.Corner.round(half), Outlines.Corner.SQUARE, false);
            case DIAMOND -> Outlines.diamond(sink, x + half - DIAMOND_HALF_DIAGONAL, y + half - DIAMOND_HALF_DIAGONAL,
                    2 * DIAMOND_HALF_DIAGONAL);
            case STAR -> Outlines.star(sink, x + half, y + half, STAR_POINTS, STAR_OUTER, STAR_INNER);
            case DOTS -> {
                for (int i = 0; i < BALL_SIZE; i++) {
                    for (int j = 0; j < BALL_SIZE; j++) {
                        Outlines.circle(sink, x + i + 0.5, y + j + 0.5, BALL_DOT_RADIUS, false);
                    }
                }
            }
        }
    }

    /** A 7×7 square with a 5×5 hole, their corners finished as given. */
    private static void ring(OutlineSink sink, int x, int y, Outlines.Corner outer, Outlines.Corner inner) {
        Outlines.rectangle(sink, x, y, FINDER_SIZE, FINDER_SIZE, outer, false);
        Outlines.rectangle(sink, x + 1, y + 1, FINDER_SIZE - 2, FINDER_SIZE - 2, inner, true);
    }
}
