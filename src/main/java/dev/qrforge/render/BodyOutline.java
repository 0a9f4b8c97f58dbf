package dev.qrforge.render;

import java.util.BitSet;

/**
 * Traces the body of a symbol (every dark module outside the finder patterns and the logo's clearing) in its
 * {@link BodyStyle}, in module units with the symbol's top-left corner at the origin.
 *
 * <p>Merged styles trace each maximal horizontal run of dark modules as one outline; runs in adjacent rows share
 * edges, so the nonzero fill of all outlines is exactly the merged dark area, without seams. Only a run's first module
 * can own a convex left corner and only its last a convex right one (the run's other modules have dark neighbours on
 * those sides), so finishing corners per run implements the per-module definitions in {@link BodyStyle} exactly.
 * Concave fillets ({@link BodyStyle#BLOBS}) are small extra outlines in the light module's corner.
 */
final class BodyOutline {

    private static final double SMALL_ROUNDING = 0.25;
    private static final double HALF = 0.5;
    private static final double WHOLE = 1;
    private static final double CLASSY_CUT = 0.25;
    private static final double DOT_RADIUS = 0.45;
    private static final double STAR_OUTER = 0.5;
    private static final double STAR_INNER = 0.22;
    private static final int STAR_POINTS = 5;
    /** Bars and mosaic tiles leave a tenth of a module free on each side. */
    private static final double INSET = 0.1;

    /** A corner finish per corner of a run: top-left, top-right, bottom-right, bottom-left. */
    private record Finishes(Outlines.Corner topLeft, Outlines.Corner topRight, Outlines.Corner bottomRight,
            Outlines.Corner bottomLeft) {

        static Finishes all(Outlines.Corner corner) {
            return new Finishes(corner, corner, corner, corner);
        }
    }

    private BodyOutline() {
    }

    static void trace(RenderSpec spec, OutlineSink sink) {
        trace(spec.design().bodyStyle(), Body.of(spec), sink);
    }

    /** Traces {@code body}'s modules in {@code style}. */
    static void trace(BodyStyle style, Body body, OutlineSink sink) {
        switch (style) {
            case SQUARE -> runs(body, Finishes.all(Outlines.Corner.SQUARE), sink);
            case ROUNDED -> runs(body, Finishes.all(Outlines.Corner.round(SMALL_ROUNDING)), sink);
            case EXTRA_ROUNDED -> runs(body, Finishes.all(Outlines.Corner.round(HALF)), sink);
            case BLOBS -> {
                runs(body, Finishes.all(Outlines.Corner.round(HALF)), sink);
                fillets(body, sink);
            }
            case ROUNDED_POINTED -> runs(body, new Finishes(Outlines.Corner.round(HALF), Outlines.Corner.SQUARE,
                    Outlines.Corner.round(HALF), Outlines.Corner.SQUARE), sink);
            case CLASSY -> runs(body, new Finishes(Outlines.Corner.round(HALF), Outlines.Corner.cut(CLASSY_CUT),
                    Outlines.Corner.round(HALF), Outlines.Corner.cut(CLASSY_CUT)), sink);
            case CLASSY_ROUNDED -> runs(body, new Finishes(Outlines.Corner.round(WHOLE), Outlines.Corner.SQUARE,
                    Outlines.Corner.round(WHOLE), Outlines.Corner.SQUARE), sink);
            case DOTS -> body.forEach((x, y) -> Outlines.circle(sink, x + HALF, y + HALF, DOT_RADIUS, false));
            case DIAMOND -> body.forEach((x, y) -> Outlines.diamond(sink, x, y, WHOLE));
            case STAR -> body.forEach((x, y) -> Outlines.star(sink, x + HALF, y + HALF, STAR_POINTS, STAR_OUTER,
                    STAR_INNER));
            case MOSAIC -> body.forEach((x, y) -> Outlines.rectangle(sink, x + INSET, y + INSET, WHOLE - 2 * INSET,
                    WHOLE - 2 * INSET, Outlines.Corner.SQUARE, false));
            case HORIZONTAL_BARS -> bars(body, true, sink);
            case VERTICAL_BARS -> bars(body, false, sink);
        }
    }

    /** Each horizontal run as one rectangle, its convex corners finished as the style says. */
    private static void runs(Body body, Finishes finishes, OutlineSink sink) {
        int modules = body.modules();
        for (int y = 0; y < modules; y++) {
            int start = body.nextDrawn(0, y);
            while (start < modules) {
                int end = body.nextGap(start, y);
                int last = end - 1;
                // Every style's two finishes on one side of a module add up to at most a module.
                Outlines.rectangle(sink, start, y, end - start, 1,
                        body.drawn(start, y - 1) ? Outlines.Corner.SQUARE : finishes.topLeft(),
                        body.drawn(last, y - 1) ? Outlines.Corner.SQUARE : finishes.topRight(),
                        body.drawn(last, y + 1) ? Outlines.Corner.SQUARE : finishes.bottomRight(),
                        body.drawn(start, y + 1) ? Outlines.Corner.SQUARE : finishes.bottomLeft(),
                        false);
                start = body.nextDrawn(end, y);
            }
        }
    }

    /** Fills each concave corner of the merged dark area with a quarter-circle fillet of half a module. */
    private static void fillets(Body body, OutlineSink sink) {
        int modules = body.modules();
        for (int y = -1; y <= modules; y++) {
            for (int x = -1; x <= modules; x++) {
                if (body.drawn(x, y)) {
                    continue;
                }
                for (int dx = -1; dx <= 1; dx += 2) {
                    for (int dy = -1; dy <= 1; dy += 2) {
                        if (body.drawn(x + dx, y) && body.drawn(x, y + dy) && body.drawn(x + dx, y + dy)) {
                            fillet(sink, x + (dx + 1) / 2, y + (dy + 1) / 2, -dx, -dy);
                        }
                    }
                }
            }
        }
    }

    /**
     * The sliver between the corner at (cornerX, cornerY) and a quarter circle of half a module inside the light
     * module, which extends from the corner by (towardX, towardY).
     */
    private static void fillet(OutlineSink sink, double cornerX, double cornerY, int towardX, int towardY) {
        sink.moveTo(cornerX, cornerY + towardY * HALF);
        sink.lineTo(cornerX, cornerY);
        sink.lineTo(cornerX + towardX * HALF, cornerY);
        sink.roundTo(cornerX, cornerY, cornerX, cornerY + towardY * HALF);
        sink.close();
    }

    /** Each run along one axis as a bar with round ends, a tenth of a module short of the module's sides. */
    private static void bars(Body body, boolean horizontal, OutlineSink sink) {
        int modules = body.modules();
        Outlines.Corner ends = Outlines.Corner.round(HALF - INSET);
        for (int line = 0; line < modules; line++) {
            int start = 0;
            while (start < modules) {
                while (start < modules && !body.drawnAlong(horizontal, line, start)) {
                    start++;
                }
                int end = start;
                while (end < modules && body.drawnAlong(horizontal, line, end)) {
                    end++;
                }
                if (end > start) {
                    if (horizontal) {
                        Outlines.rectangle(sink, start + INSET, line + INSET, end - start - 2 * INSET,
                                WHOLE - 2 * INSET, ends, false);
                    } else {
                        Outlines.rectangle(sink, line + INSET, start + INSET, WHOLE - 2 * INSET,
                                end - start - 2 * INSET, ends, false);
                    }
                }
                start = end;
            }
        }
    }

    /** Returns the number of dark modules, so sinks can size their buffers once. */
    static int darkCount(QrMatrix matrix) {
        return matrix.dark().cardinality();
    }

    /**
     * The modules a body draws, bit {@code y * modules + x}: of a symbol, those dark, outside the eyes and not cleared
     * for the logo.
     */
    record Body(int modules, BitSet drawnModules) {

        static Body of(RenderSpec spec) {
            QrMatrix matrix = spec.matrix();
            int modules = matrix.modules();
            BitSet drawn = matrix.dark();
            drawn.andNot(spec.clearedByLogo());
            for (int y = 0; y < modules; y++) {
                for (int x = 0; x < modules; x++) {
                    if (EyeOutline.inFinder(x, y, modules)) {
                        drawn.clear(y * modules + x);
                    }
                }
            }
            return new Body(modules, drawn);
        }

        boolean drawn(int x, int y) {
            return x >= 0 && y >= 0 && x < modules && y < modules && drawnModules.get(y * modules + x);
        }

        boolean drawnAlong(boolean horizontal, int line, int position) {
            return horizontal ? drawn(position, line) : drawn(line, position);
        }

        int nextDrawn(int x, int y) {
            while (x < modules && !drawn(x, y)) {
                x++;
            }
            return x;
        }

        int nextGap(int x, int y) {
            while (x < modules && drawn(x, y)) {
                x++;
            }
            return x;
        }

        interface ModuleAction {
            void at(int x, int y);
        }

        void forEach(ModuleAction action) {
            for (int y = 0; y < modules; y++) {
                for (int x = 0; x < modules; x++) {
                    if (drawn(x, y)) {
                        action.at(x, y);
                    }
                }
            }
        }
    }
}
