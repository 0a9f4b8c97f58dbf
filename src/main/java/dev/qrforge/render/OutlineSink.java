package dev.qrforge.render;

/**
 * Receives closed outlines in module units (the symbol's top-left corner at the origin, y growing downwards), each
 * begun by {@link #moveTo} and ended by {@link #close}. Every shape of every style is made of these calls, which is
 * what lets every renderer draw exactly the same geometry; only a frame's caption (glyph outlines) uses
 * {@link #curveTo}. Renderers fill all outlines of one paint together with the nonzero rule: outlines that share edges
 * merge without seams, and an outline traced the other way round cuts a hole.
 */
interface OutlineSink {

    void moveTo(double x, double y);

    void lineTo(double x, double y);

    /**
     * A quarter of an ellipse from the current point to (x, y), tangent at both ends to the sides of the corner at
     * (cornerX, cornerY) it replaces: the current point and the corner share one coordinate, the corner and (x, y)
     * the other. Convex and concave roundings are both this call; which way it turns follows from the points.
     */
    void roundTo(double cornerX, double cornerY, double x, double y);

    /** A cubic Bézier curve from the current point to (x, y), with control points (x1, y1) and (x2, y2). */
    void curveTo(double x1, double y1, double x2, double y2, double x, double y);

    void close();
}
