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

    /** The geometry of {@code spec}'s gradient, which must have one. */
    static GradientGeometry of(RenderSpec spec) {
        double modules = spec.matrix().modules();
        return switch (spec.design().gradient().type()) {
            case LINEAR -> new Line(0, 0, modules, modules);
            case RADIAL -> new Circle(modules / 2, modules / 2, modules * Math.sqrt(0.5));
        };
    }
}
