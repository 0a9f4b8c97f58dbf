package dev.qrforge.render;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The figures styles are made of, traced into an {@link OutlineSink}: rectangles with any corner rounded or cut,
 * circles, polygons and stars. Figures are traced clockwise (in y-down space); {@code reversed} ones
 * counter-clockwise, to cut a hole in a clockwise figure around them.
 */
final class Outlines {

    /** How a rectangle's corner is finished: left square, rounded with a radius, or cut off at 45°. */
    record Corner(Kind kind, double size) {

        enum Kind { SQUARE, ROUND, CUT }

        static final Corner SQUARE = new Corner(Kind.SQUARE, 0);

        static Corner round(double radius) {
            return new Corner(Kind.ROUND, radius);
        }

        static Corner cut(double size) {
            return new Corner(Kind.CUT, size);
        }
    }

    private static final Map<Integer, double[]> STAR_DIRECTIONS = new ConcurrentHashMap<>();

    private Outlines() {
    }

    /** A rectangle with each corner finished on its own: top-left, top-right, bottom-right, bottom-left. */
    static void rectangle(OutlineSink sink, double x, double y, double width, double height, Corner topLeft,
            Corner topRight, Corner bottomRight, Corner bottomLeft, boolean reversed) {
        double right = x + width;
        double bottom = y + height;
        // Each corner with the corners before and after it in tracing order: one call per corner, no arrays, as
        // bodies of dots trace thousands of these per code.
        if (reversed) {
            corner(sink, true, x, y, right, y, x, bottom, topLeft);
            corner(sink, false, x, bottom, x, y, right, bottom, bottomLeft);
            corner(sink, false, right, bottom, x, bottom, right, y, bottomRight);
            corner(sink, false, right, y, right, bottom, x, y, topRight);
        } else {
            corner(sink, true, x, y, x, bottom, right, y, topLeft);
            corner(sink, false, right, y, x, y, right, bottom, topRight);
            corner(sink, false, right, bottom, right, y, x, bottom, bottomRight);
            corner(sink, false, x, bottom, right, bottom, x, y, bottomLeft);
        }
        sink.close();
    }

    /**
     * Traces the corner at (x, y), arrived at from the corner at (fromX, fromY) and left toward (toX, toY): up to
     * its finish's start, then around it. The sides are axis-parallel, so the finish's ends lie {@code size} along
     * each side.
     */
    private static void corner(OutlineSink sink, boolean first, double x, double y, double fromX, double fromY,
            double toX, double toY, Corner finish) {
        double size = finish.size();
        double inX = x + Math.signum(fromX - x) * size;
        double inY = y + Math.signum(fromY - y) * size;
        if (first) {
            sink.moveTo(inX, inY);
        } else {
            sink.lineTo(inX, inY);
        }
        double outX = x + Math.signum(toX - x) * size;
        double outY = y + Math.signum(toY - y) * size;
        switch (finish.kind()) {
            case ROUND -> sink.roundTo(x, y, outX, outY);
            case CUT -> sink.lineTo(outX, outY);
            case SQUARE -> { }
        }
    }

    /** A rectangle with every corner finished the same way. */
    static void rectangle(OutlineSink sink, double x, double y, double width, double height, Corner corners,
            boolean reversed) {
        rectangle(sink, x, y, width, height, corners, corners, corners, corners, reversed);
    }

    /** A circle, as four quarter arcs. */
    static void circle(OutlineSink sink, double centreX, double centreY, double radius, boolean reversed) {
        rectangle(sink, centreX - radius, centreY - radius, 2 * radius, 2 * radius, Corner.round(radius), reversed);
    }

    /** A closed polygon through the given points, x and y alternating, in the order given. */
    static void polygon(OutlineSink sink, double... xy) {
        sink.moveTo(xy[0], xy[1]);
        for (int i = 2; i < xy.length; i += 2) {
            sink.lineTo(xy[i], xy[i + 1]);
        }
        sink.close();
    }

    /** A rhombus filling the square at (x, y): its corners at the middles of the square's sides. */
    static void diamond(OutlineSink sink, double x, double y, double size) {
        double half = size / 2;
        polygon(sink, x + half, y, x + size, y + half, x + half, y + size, x, y + half);
    }

    /**
     * A star of {@code points} points around (centreX, centreY), its tips at {@code outer} and its notches at
     * {@code inner} from the centre, the first tip straight up.
     */
    static void star(OutlineSink sink, double centreX, double centreY, int points, double outer, double inner) {
        double[] directions = starDirections(points);
        sink.moveTo(centreX + outer * directions[0], centreY + outer * directions[1]);
        for (int i = 1; i < 2 * points; i++) {
            double radius = i % 2 == 0 ? outer : inner;
            sink.lineTo(centreX + radius * directions[2 * i], centreY + radius * directions[2 * i + 1]);
        }
        sink.close();
    }

    /** Unit vectors toward a star's tips and notches, first tip straight up; computed once per number of points. */
    private static double[] starDirections(int points) {
        return STAR_DIRECTIONS.computeIfAbsent(points, n -> {
            double[] xy = new double[4 * n];
            for (int i = 0; i < 2 * n; i++) {
                double angle = -Math.PI / 2 + i * Math.PI / n;
                xy[2 * i] = Math.cos(angle);
                xy[2 * i + 1] = Math.sin(angle);
            }
            return xy;
        });
    }
}
