package dev.qrforge.render;

/**
 * Traces the dark area of a symbol as closed outlines for a vector sink, in module units with the symbol's top-left
 * corner at the origin and y growing downwards.
 *
 * <p>Each maximal horizontal run of dark modules becomes one clockwise outline; runs in adjacent rows share edges,
 * so a nonzero fill of all outlines together is exactly the merged dark area, and one path fill lets renderers
 * anti-alias the union without seams between rows. For {@link BodyStyle#ROUNDED_POINTED} only a run's first module
 * can own a convex top-left corner and only its last module a convex bottom-right one (the run's other modules have
 * dark neighbours on those sides), so rounding per run implements the per-module definition in
 * {@link BodyStyle#ROUNDED_POINTED} exactly.
 */
final class ModuleOutline {

    /** Half a module: the largest radius at which a lone module's two rounded corners still do not overlap. */
    static final double CORNER_RADIUS = 0.5;

    /**
     * Receives outlines, each begun by {@link #moveTo} and ended by {@link #close}; coordinates are absolute, in
     * module units.
     */
    interface Sink {

        void moveTo(double x, double y);

        void lineTo(double x, double y);

        /**
         * Replaces the sharp corner at (cornerX, cornerY) by a clockwise quarter circle of radius
         * {@link #CORNER_RADIUS} from the current point to (x, y).
         */
        void roundTo(double cornerX, double cornerY, double x, double y);

        void close();
    }

    /** The most calls one run makes on a sink: move, two rounded corners, three lines and the close. */
    static final int MAX_CALLS_PER_RUN = 7;

    private ModuleOutline() {
    }

    /** Returns the number of outlines {@link #trace} produces, so sinks can size their buffers once. */
    static int runCount(QrMatrix matrix) {
        int modules = matrix.modules();
        int runs = 0;
        for (int y = 0; y < modules; y++) {
            for (int x = matrix.nextDark(0, y); x < modules; x = matrix.nextDark(matrix.nextLight(x, y), y)) {
                runs++;
            }
        }
        return runs;
    }

    static void trace(QrMatrix matrix, BodyStyle style, Sink sink) {
        boolean rounded = style == BodyStyle.ROUNDED_POINTED;
        int modules = matrix.modules();
        for (int y = 0; y < modules; y++) {
            for (int start = matrix.nextDark(0, y); start < modules; ) {
                int end = matrix.nextLight(start, y);
                boolean roundTopLeft = rounded && !matrix.isDark(start, y - 1) && !inFinder(start, y, modules);
                boolean roundBottomRight = rounded && !matrix.isDark(end - 1, y + 1)
                        && !inFinder(end - 1, y, modules);
                run(start, end, y, roundTopLeft, roundBottomRight, sink);
                start = matrix.nextDark(end, y);
            }
        }
    }

    /**
     * Whether a module belongs to one of the three finder patterns ("eyes"). They stay square in every body style:
     * detectors find a symbol by its eyes, and ZXing's misreads 1–2 % of symbols whose eyes are rounded.
     */
    static boolean inFinder(int x, int y, int modules) {
        if (modules < SMALLEST_SYMBOL) {
            return false;
        }
        boolean left = x < FINDER_SIZE;
        boolean top = y < FINDER_SIZE;
        return (left && top) || (x >= modules - FINDER_SIZE && top) || (left && y >= modules - FINDER_SIZE);
    }

    /** A finder pattern is 7×7 modules (ISO/IEC 18004). */
    private static final int FINDER_SIZE = 7;
    /** Version 1 is 21 modules wide; anything smaller is a fragment (in tests), without finder patterns. */
    private static final int SMALLEST_SYMBOL = 21;

    /** Outlines the run covering modules [left, right) of row y, clockwise from its top-left corner. */
    private static void run(int left, int right, int y, boolean roundTopLeft, boolean roundBottomRight, Sink sink) {
        int bottom = y + 1;
        if (roundTopLeft) {
            sink.moveTo(left, y + CORNER_RADIUS);
            sink.roundTo(left, y, left + CORNER_RADIUS, y);
        } else {
            sink.moveTo(left, y);
        }
        sink.lineTo(right, y);
        if (roundBottomRight) {
            sink.lineTo(right, bottom - CORNER_RADIUS);
            sink.roundTo(right, bottom, right - CORNER_RADIUS, bottom);
        } else {
            sink.lineTo(right, bottom);
        }
        sink.lineTo(left, bottom);
        sink.close();
    }
}
