package dev.qrforge.render;

import java.awt.Color;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.apache.xmlgraphics.java2d.GraphicContext;
import org.apache.xmlgraphics.java2d.color.DeviceCMYKColorSpace;
import org.apache.xmlgraphics.java2d.ps.EPSDocumentGraphics2D;
import org.apache.xmlgraphics.ps.PSGenerator;

/**
 * Renders a code as Encapsulated PostScript with Apache XML Graphics Commons' {@link EPSDocumentGraphics2D}: the
 * same outlines as the other renderers, as Java2D shapes in module units, each layer one path filled with the nonzero
 * rule, in RGB or (for a CMYK page) {@code setcmykcolor} inks; the logo as an image. That Graphics2D cannot paint
 * gradients, so a gradient layer is written here as a PostScript LanguageLevel 3 shading ({@code shfill}, axial or
 * radial, as {@link GradientGeometry} places it) clipped to the layer's path. The BoundingBox, whole points by DSC's
 * rule, is rounded up; {@code %%HiResBoundingBox} gives the exact edge, and the code sits at the origin.
 */
public final class EpsRenderer {

    /** PostScript is about twice as verbose as PDF's compressed content; the header and prolog are a few KB. */
    private static final int BYTES_PER_MODULE = 96;
    private static final int FRAME_BYTES = 16384;
    private static final String BOUNDING_BOX = "%%BoundingBox:";
    private static final String END_COMMENTS = "%%EndComments";

    private EpsRenderer() {
    }

    /** An upper bound of the file's length in bytes, its logo aside (which PostScript writes as hex: 2 per byte). */
    public static long maxBytes(QrMatrix matrix, Frame frame) {
        return FRAME_BYTES + (long) BYTES_PER_MODULE * matrix.modules() * matrix.modules()
                + 2 * SvgRenderer.frameChars(frame);
    }

    public static byte[] render(RenderSpec spec, PrintPage page) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        double width = page.width(spec);
        double height = page.height(spec);
        int boxHeight = (int) Math.ceil(height);
        try {
            EPSDocumentGraphics2D g = new EPSDocumentGraphics2D(false);
            g.setGraphicContext(new GraphicContext());
            g.setupDocument(out, (int) Math.ceil(width), boxHeight);
            // Java2D's y runs down from the top of the whole-point box: move the image to its bottom-left corner.
            g.translate(0, boxHeight - height);
            Design design = spec.design();
            if (!design.transparent()) {
                g.setColor(colour(page, design.background()));
                g.fill(new Rectangle2D.Double(0, 0, width, height));
            }
            // The frame in pixels of the code, the code in module units: a scale for each.
            double scale = page.pointsPerPixel(spec);
            AffineTransform image = g.getTransform();
            g.scale(scale, scale);
            for (VectorLayers.Shape shape : VectorLayers.of(Layers.frame(spec, page.layout(spec)))) {
                g.setColor(colour(page, shape.fill().solid()));
                g.fill(shape.outline());
            }
            g.setTransform(image);
            double module = page.moduleSize(spec);
            double quietZone = spec.margin() * module;
            g.translate(page.codeX(spec) + quietZone, page.codeY(spec) + quietZone);
            g.scale(module, module);
            for (VectorLayers.Shape shape : VectorLayers.of(Layers.of(spec))) {
                if (shape.fill().gradient()) {
                    shade(g, shape, spec, page);
                } else {
                    g.setColor(colour(page, shape.fill().solid()));
                    g.fill(shape.outline());
                }
            }
            double[] logo = spec.logoBox();
            if (logo != null) {
                AffineTransform place = AffineTransform.getTranslateInstance(logo[0], logo[1]);
                place.scale(logo[2] / spec.logo().image().getWidth(), logo[3] / spec.logo().image().getHeight());
                g.drawRenderedImage(spec.logo().image(), place);
            }
            g.finish();
        } catch (IOException e) {
            throw new UncheckedIOException("writing EPS in memory", e);
        }
        return exactHeader(out.toByteArray(), width, height);
    }

    private static Color colour(PrintPage page, Rgb rgb) {
        return page.cmyk() ? DeviceCMYKColorSpace.createCMYKColor(page.components(rgb)) : new Color(rgb.rgb());
    }

    /** A gradient layer: its path as the clip, the shading painted through it. */
    private static void shade(EPSDocumentGraphics2D g, VectorLayers.Shape shape, RenderSpec spec, PrintPage page)
            throws IOException {
        g.preparePainting();
        PSGenerator ps = g.getPSGenerator();
        ps.saveGraphicsState();
        ps.concatMatrix(g.getTransform());
        g.processShape(shape.outline(), false);
        ps.writeln("clip newpath");
        GradientGeometry geometry = GradientGeometry.of(spec);
        StringBuilder shading = new StringBuilder("<< /ShadingType ");
        if (geometry instanceof GradientGeometry.Line line) {
            shading.append("2 /Coords [").append(numbers(ps, (float) line.x1(), (float) line.y1(), (float) line.x2(),
                    (float) line.y2()));
        } else {
            GradientGeometry.Circle circle = (GradientGeometry.Circle) geometry;
            shading.append("3 /Coords [").append(numbers(ps, (float) circle.cx(), (float) circle.cy(), 0,
                    (float) circle.cx(), (float) circle.cy(), (float) circle.r()));
        }
        List<Rgb> stops = spec.design().foregroundStops();
        shading.append("] /ColorSpace /").append(page.cmyk() ? "DeviceCMYK" : "DeviceRGB")
                .append(" /Extend [true true] /Function << /FunctionType 2 /Domain [0 1] /C0 [")
                .append(numbers(ps, page.components(stops.get(0)))).append("] /C1 [")
                .append(numbers(ps, page.components(stops.get(1)))).append("] /N 1 >> >> shfill");
        ps.writeln(shading.toString());
        ps.restoreGraphicsState();
    }

    private static String numbers(PSGenerator ps, float... values) {
        StringBuilder text = new StringBuilder();
        for (float value : values) {
            text.append(text.isEmpty() ? "" : " ").append(ps.formatDouble5(value));
        }
        return text.toString();
    }

    /**
     * The header (DSC comments, ASCII) with the exact edge added after the whole-point BoundingBox, and without the
     * optional CreationDate, so that a code drawn again is the same file, byte for byte.
     */
    private static byte[] exactHeader(byte[] eps, double width, double height) {
        String file = new String(eps, StandardCharsets.ISO_8859_1);
        int headerEnd = file.indexOf(END_COMMENTS);
        if (headerEnd < 0 || !file.substring(0, headerEnd).contains(BOUNDING_BOX)) {
            throw new IllegalStateException("the EPS header has no " + BOUNDING_BOX);
        }
        String header = file.substring(0, headerEnd)
                .replaceFirst("%%CreationDate:[^\n]*\n", "")
                .replaceFirst("(" + BOUNDING_BOX + "[^\n]*\n)", "$1" + String.format(Locale.ROOT,
                        "%%%%HiResBoundingBox: 0 0 %.4f %.4f", width, height) + "\n");
        return (header + file.substring(headerEnd)).getBytes(StandardCharsets.ISO_8859_1);
    }
}
