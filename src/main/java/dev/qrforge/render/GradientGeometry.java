package dev.qrforge.render;

/**
 * Where a foreground gradient lies, in module units from the symbol's top-left corner (the quiet zone is not part of
 * it, so the colours seen on the code do not depend on the margin). SVG and raster output both take it from here.
 */
sealed interface GradientGeometry {

    /** Linear: the first colour at (x1, y1), the last at (x2, y2). */
    record Line(double x1, double y1, double x2, double y2) implements GradientGeometry {
    }

    /** Radial: the first colour at the centre (cx, cy), the last at radius r. */
    record Circle(double cx, double cy, double r) implements GradientGeometry {
    }

    /**
     * The geometry of {@code spec}'s gradient, which must have one. A linear gradient runs through the symbol's centre
     * in its direction, from the first corner it meets to the last, so the whole symbol spans both colours at any
     * angle; a radial one reaches from the centre to the corners.
     */
    static GradientGeometry of(RenderSpec spec) {
        Gradient gradient = spec.design().gradient();
        double modules = spec.matrix().modules();
        double centre = modules / 2;
        return switch (gradient.type()) {
            case LINEAR -> {
                double angle = Math.toRadians(gradient.rotation());
                double dx = clean(Math.cos(angle));
                double dy = clean(Math.sin(angle));
                double reach = (Math.abs(dx) + Math.abs(dy)) * centre;
                yield new Line(centre - dx * reach, centre - dy * reach, centre + dx * reach, centre + dy * reach);
            }
            case RADIAL -> new Circle(centre, centre, modules * Math.sqrt(0.5));
        };
    }

    /** Rounds away the last bits of trigonometry, so that 0°, 45° and 90° give the exact corners. */
    private static double clean(double value) {
        return Math.round(value * 1e12) / 1e12;
    }
}
