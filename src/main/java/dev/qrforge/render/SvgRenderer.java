package dev.qrforge.render;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;

/**
 * Renders a code as a compact SVG document: an optional background rectangle, a frame's shapes and caption in the
 * image's pixels, one path per fill of the code ({@link Layers}: the body, and eyes of other colours) in module units
 * scaled into place by one group, so the path data stays small and independent of the image size, and the logo as an
 * embedded PNG.
 */
public final class SvgRenderer {

    /** Fragment identifier of the foreground gradient; namespaced so it is unlikely to clash inside an HTML page. */
    private static final String GRADIENT_ID = "qrforge-fg";

    /**
     * Characters of path data per module of the symbol, so the buffer rarely grows: masking keeps about half the
     * modules dark, and a dark module costs at most about 8 characters once runs share their outlines.
     */
    private static final int CHARS_PER_MODULE = 4;
    private static final int CHARS_OUTSIDE_PATH = 800;
    /** The most path data a module can take: a lone dot or star, written out in full. */
    private static final int MAX_CHARS_PER_MODULE = 64;
    /** A frame's two paths (the frame, the caption) besides their path data, and the frame's outline. */
    private static final int FRAME_CHARS = 800;
    /**
     * The most path data one character of a caption takes: the font's most intricate glyph, traced in pixels of the
     * largest image (hence the longest numbers), takes under 16,000 characters (FrameRenderingTest measures every
     * glyph), a Latin letter a few hundred.
     */
    static final int MAX_CHARS_PER_CAPTION_CHAR = 16 * 1024;

    private SvgRenderer() {
    }

    /**
     * An upper bound of the document's length in characters (one byte each: SVG output is ASCII).
     *
     * @param logoEdge the longer side of the logo's image in pixels, 0 without a logo
     * @param frame    the frame around the code
     */
    public static long maxChars(QrMatrix matrix, int logoEdge, Frame frame) {
        long logo = logoEdge == 0 ? 0 : (PngWriter.maxBytes(logoEdge, logoEdge, true) + 2) / 3 * 4;
        return CHARS_OUTSIDE_PATH + (long) MAX_CHARS_PER_MODULE * matrix.modules() * matrix.modules() + logo
                + frameChars(frame);
    }

    /**
     * The most path data a frame and its caption take, in characters; the print renderers' path operators are about
     * as long as SVG's, so they budget from this too.
     */
    static long frameChars(Frame frame) {
        return frame.present() ? FRAME_CHARS + (long) MAX_CHARS_PER_CAPTION_CHAR * frame.text().length() : 0;
    }

    public static String render(RenderSpec spec) {
        QrMatrix matrix = spec.matrix();
        Design design = spec.design();
        String width = Integer.toString(spec.imageWidth());
        String height = Integer.toString(spec.imageHeight());
        int modules = matrix.modules();
        StringBuilder svg = new StringBuilder(CHARS_OUTSIDE_PATH + CHARS_PER_MODULE * modules * modules);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\"");
        if (spec.logo() != null) {
            // SVG 1.1's link attribute, which every renderer reads (SVG 2's plain href is not yet universal).
            svg.append(" xmlns:xlink=\"http://www.w3.org/1999/xlink\"");
        }
        svg.append(" width=\"").append(width)
                .append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(width).append(' ').append(height).append("\">");
        List<Layers.Layer> layers = Layers.of(spec);
        if (layers.stream().anyMatch(layer -> layer.fill().gradient())) {
            appendGradient(svg, spec, design.gradient(), design.foregroundStops());
        }
        if (!design.transparent()) {
            svg.append("<rect width=\"").append(width).append("\" height=\"").append(height)
                    .append("\" fill=\"").append(design.background().hex()).append("\"/>");
        }
        for (Layers.Layer layer : Layers.frame(spec, spec.frameLayout())) {
            appendPath(svg, layer);
        }
        svg.append("<g transform=\"");
        if (spec.design().frame().present()) {
            // The frame's whole pixels apart from the code's own placement, written as without a frame: renderers
            // that read numbers as floats (Batik does) would round a sum of the two otherwise, by a fraction of a
            // pixel that shows in the code's anti-aliasing.
            svg.append("translate(").append(spec.codeX()).append(' ').append(spec.codeY()).append(") ");
        }
        double quietZone = spec.margin() * spec.moduleSize();
        svg.append("translate(");
        SvgNumbers.append(svg, quietZone);
        svg.append(' ');
        SvgNumbers.append(svg, quietZone);
        svg.append(") scale(");
        SvgNumbers.append(svg, spec.moduleSize());
        svg.append(")\">");
        for (Layers.Layer layer : layers) {
            appendPath(svg, layer);
        }
        double[] logo = spec.logoBox();
        if (logo != null) {
            appendLogo(svg, spec.logo(), logo);
        }
        return svg.append("</g></svg>").toString();
    }

    /** One layer as a path filled with the nonzero rule (SVG's default), in the units of the element it is in. */
    private static void appendPath(StringBuilder svg, Layers.Layer layer) {
        svg.append("<path fill=\"")
                .append(layer.fill().gradient() ? "url(#" + GRADIENT_ID + ")" : layer.fill().solid().hex())
                .append("\" d=\"");
        layer.trace(new SvgPathWriter(svg));
        svg.append("\"/>");
    }

    /**
     * Writes the gradient in the paths' own coordinates (userSpaceOnUse, i.e. modules), so it spans the symbol as
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

    /** The logo as a PNG of its decoded pixels: nothing of the file a client sent reaches the document. */
    private static void appendLogo(StringBuilder svg, Logo logo, double[] box) {
        ByteBuffer png = PngWriter.encode(logo.image());
        byte[] bytes = new byte[png.remaining()];
        png.get(bytes);
        svg.append("<image");
        attribute(svg, "x", box[0]);
        attribute(svg, "y", box[1]);
        attribute(svg, "width", box[2]);
        attribute(svg, "height", box[3]);
        svg.append(" preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,")
                .append(Base64.getEncoder().encodeToString(bytes)).append("\"/>");
    }

    private static void attribute(StringBuilder svg, String name, double value) {
        svg.append(' ').append(name).append("=\"");
        SvgNumbers.append(svg, value);
        svg.append('"');
    }
}
