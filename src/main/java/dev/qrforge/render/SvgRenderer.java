package dev.qrforge.render;

import java.util.List;

/**
 * Renders a code as a compact SVG document: a background rectangle and a single path holding every dark module, in
 * module units and scaled into place, so the path data stays small and independent of the image size.
 */
public final class SvgRenderer {

    /** Fragment identifier of the foreground gradient; namespaced so it is unlikely to clash inside an HTML page. */
    private static final String GRADIENT_ID = "qrforge-fg";

    /**
     * Characters of path data per module of the symbol, so the buffer rarely grows: masking keeps about half the
     * modules dark, and a dark module costs at most about 8 characters once runs share their outlines.
     */
    private static final int CHARS_PER_MODULE = 4;
    private static final int CHARS_OUTSIDE_PATH = 640;
    /** The most path data a module can take: a lone dark module in the roundest style. */
    private static final int MAX_CHARS_PER_MODULE = 16;

    private SvgRenderer() {
    }

    /** An upper bound of the document's length in characters (one byte each: SVG output is ASCII). */
    public static long maxChars(QrMatrix matrix) {
        return CHARS_OUTSIDE_PATH + (long) MAX_CHARS_PER_MODULE * matrix.modules() * matrix.modules();
    }

    public static String render(RenderSpec spec) {
        QrMatrix matrix = spec.matrix();
        Design design = spec.design();
        String size = Integer.toString(spec.size());
        int modules = matrix.modules();
        StringBuilder svg = new StringBuilder(CHARS_OUTSIDE_PATH + CHARS_PER_MODULE * modules * modules);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(size)
                .append("\" height=\"").append(size)
                .append("\" viewBox=\"0 0 ").append(size).append(' ').append(size).append("\">");
        String fill;
        if (design.gradient() == null) {
            fill = design.foreground().hex();
        } else {
            appendGradient(svg, spec, design.gradient(), design.foregroundStops());
            fill = "url(#" + GRADIENT_ID + ")";
        }
        svg.append("<rect width=\"").append(size).append("\" height=\"").append(size)
                .append("\" fill=\"").append(design.background().hex()).append("\"/>");
        svg.append("<path fill=\"").append(fill).append("\" transform=\"translate(");
        SvgNumbers.append(svg, spec.symbolOffset());
        svg.append(' ');
        SvgNumbers.append(svg, spec.symbolOffset());
        svg.append(") scale(");
        SvgNumbers.append(svg, spec.moduleSize());
        svg.append(")\" d=\"");
        ModuleOutline.trace(matrix, design.bodyStyle(), new SvgPathWriter(svg));
        return svg.append("\"/></svg>").toString();
    }

    /**
     * Writes the gradient in the path's own coordinates (userSpaceOnUse, i.e. modules), so it spans the symbol as
     * {@link GradientGeometry} places it, exactly as {@link RasterRenderer} paints it.
     */
    private static void appendGradient(StringBuilder svg, RenderSpec spec, Gradient gradient, List<Rgb> stops) {
        GradientGeometry geometry = GradientGeometry.of(spec);
        String element = geometry instanceof GradientGeometry.Line ? "linearGradient" : "radialGradient";
        svg.append("<defs><").append(element).append(" id=\"").append(GRADIENT_ID)
                .append("\" gradientUnits=\"userSpaceOnUse\"");
        if (geometry instanceof GradientGeometry.Line line) {
            attribute(svg, "x1", line.x1());
            attribute(svg, "y1", line.y1());
            attribute(svg, "x2", line.x2());
            attribute(svg, "y2", line.y2());
        } else if (geometry instanceof GradientGeometry.Circle circle) {
            attribute(svg, "cx", circle.cx());
            attribute(svg, "cy", circle.cy());
            attribute(svg, "r", circle.r());
        }
        svg.append('>');
        float[] offsets = gradient.stopOffsets();
        for (int i = 0; i < stops.size(); i++) {
            svg.append("<stop offset=\"");
            SvgNumbers.append(svg, offsets[i]);
            svg.append("\" stop-color=\"").append(stops.get(i).hex()).append("\"/>");
        }
        svg.append("</").append(element).append("></defs>");
    }

    private static void attribute(StringBuilder svg, String name, double value) {
        svg.append(' ').append(name).append("=\"");
        SvgNumbers.append(svg, value);
        svg.append('"');
    }
}
