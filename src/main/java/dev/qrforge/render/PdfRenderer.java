package dev.qrforge.render;

import java.awt.geom.PathIterator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBoolean;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.function.PDFunctionType2;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceCMYK;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceRGB;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.pdmodel.graphics.shading.PDShading;
import org.apache.pdfbox.pdmodel.graphics.shading.PDShadingType2;
import org.apache.pdfbox.pdmodel.graphics.shading.PDShadingType3;
import org.apache.pdfbox.util.Matrix;

/**
 * Renders a code as a one-page PDF with Apache PDFBox: the page (MediaBox) exactly the code's size (or the framed
 * code's, {@link PrintPage#width}), the background a rectangle, each of {@link Layers} one path filled with the nonzero
 * rule in a solid colour or the design's gradient as an axial or radial shading placed as {@link GradientGeometry}
 * says, the logo as an image XObject whose alpha is its soft mask. Colours are DeviceRGB, or DeviceCMYK inks for a
 * CMYK page ({@link PrintPage#ink}). Paths are written in module units under one transformation, as the SVG's are, a
 * frame's under its own.
 */
public final class PdfRenderer {

    /** Bytes of content stream per dark module at most (a circle's four curves, compressed), and the file's frame. */
    private static final int BYTES_PER_MODULE = 48;
    private static final int FRAME_BYTES = 4096;
    private static final long ID_MASK = 0xffffffffL;

    private PdfRenderer() {
    }

    /** An upper bound of the file's length in bytes, its logo aside. */
    public static long maxBytes(QrMatrix matrix, Frame frame) {
        return FRAME_BYTES + (long) BYTES_PER_MODULE * matrix.modules() * matrix.modules()
                + SvgRenderer.frameChars(frame);
    }

    public static byte[] render(RenderSpec spec, PrintPage page) {
        try (PDDocument document = new PDDocument()) {
            float width = (float) page.width(spec);
            float height = (float) page.height(spec);
            PDPage pdfPage = new PDPage(new PDRectangle(width, height));
            document.addPage(pdfPage);
            try (PDPageContentStream content = new PDPageContentStream(document, pdfPage)) {
                Design design = spec.design();
                if (!design.transparent()) {
                    colour(content, page.components(design.background()));
                    content.addRect(0, 0, width, height);
                    content.fill();
                }
                // The frame in pixels of the code and the code in module units, both y down as the outlines are
                // traced: a flip and scale for each.
                List<VectorLayers.Shape> frame = VectorLayers.of(Layers.frame(spec, page.layout(spec)));
                if (!frame.isEmpty()) {
                    float scale = (float) page.pointsPerPixel(spec);
                    content.saveGraphicsState();
                    content.transform(new Matrix(scale, 0, 0, -scale, 0, height));
                    for (VectorLayers.Shape shape : frame) {
                        fill(content, shape, spec, page);
                    }
                    content.restoreGraphicsState();
                }
                double module = page.moduleSize(spec);
                double quietZone = spec.margin() * module;
                content.transform(new Matrix((float) module, 0, 0, (float) -module,
                        (float) (page.codeX(spec) + quietZone), (float) (height - page.codeY(spec) - quietZone)));
                for (VectorLayers.Shape shape : VectorLayers.of(Layers.of(spec))) {
                    fill(content, shape, spec, page);
                }
                double[] box = spec.logoBox();
                if (box != null) {
                    PDImageXObject logo = LosslessFactory.createFromImage(document, spec.logo().image());
                    // The image's own space has y up: flip it back within the box.
                    content.drawImage(logo, new Matrix((float) box[2], 0, 0, (float) -box[3], (float) box[0],
                            (float) (box[1] + box[3])));
                }
            }
            // The file identifier is derived from the drawing rather than the clock, so a code drawn again is the
            // same file, byte for byte.
            try (InputStream drawn = pdfPage.getContents()) {
                document.setDocumentId(Arrays.hashCode(drawn.readAllBytes()) & ID_MASK);
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("writing a PDF in memory", e);
        }
    }

    /** Fills a layer's outline in its colour, or (clipped to it) with the design's shading. */
    private static void fill(PDPageContentStream content, VectorLayers.Shape shape, RenderSpec spec, PrintPage page)
            throws IOException {
        path(content, shape.outline().getPathIterator(null));
        if (shape.fill().gradient()) {
            content.saveGraphicsState();
            content.clip();
            content.shadingFill(shading(spec, page));
            content.restoreGraphicsState();
        } else {
            colour(content, page.components(shape.fill().solid()));
            content.fill();
        }
    }

    private static void colour(PDPageContentStream content, float[] components) throws IOException {
        if (components.length == 4) {
            content.setNonStrokingColor(components[0], components[1], components[2], components[3]);
        } else {
            content.setNonStrokingColor(components[0], components[1], components[2]);
        }
    }

    private static void path(PDPageContentStream content, PathIterator path) throws IOException {
        float[] point = new float[6];
        for (; !path.isDone(); path.next()) {
            switch (path.currentSegment(point)) {
                case PathIterator.SEG_MOVETO -> content.moveTo(point[0], point[1]);
                case PathIterator.SEG_LINETO -> content.lineTo(point[0], point[1]);
                case PathIterator.SEG_CUBICTO -> content.curveTo(point[0], point[1], point[2], point[3], point[4],
                        point[5]);
                case PathIterator.SEG_CLOSE -> content.closePath();
                default -> throw new IllegalStateException("outlines have no quadratic segments");
            }
        }
    }

    /** The design's gradient as a shading in module units, extended past both ends as SVG and Java2D pad it. */
    private static PDShading shading(RenderSpec spec, PrintPage page) {
        GradientGeometry geometry = GradientGeometry.of(spec);
        PDShading shading;
        COSArray coords;
        if (geometry instanceof GradientGeometry.Line line) {
            shading = new PDShadingType2(new COSDictionary());
            shading.setShadingType(PDShading.SHADING_TYPE2);
            coords = numbers((float) line.x1(), (float) line.y1(), (float) line.x2(), (float) line.y2());
        } else {
            GradientGeometry.Circle circle = (GradientGeometry.Circle) geometry;
            shading = new PDShadingType3(new COSDictionary());
            shading.setShadingType(PDShading.SHADING_TYPE3);
            coords = numbers((float) circle.cx(), (float) circle.cy(), 0, (float) circle.cx(), (float) circle.cy(),
                    (float) circle.r());
        }
        shading.setColorSpace(page.cmyk() ? PDDeviceCMYK.INSTANCE : PDDeviceRGB.INSTANCE);
        shading.getCOSObject().setItem(COSName.COORDS, coords);
        COSArray extend = new COSArray();
        extend.add(COSBoolean.TRUE);
        extend.add(COSBoolean.TRUE);
        shading.getCOSObject().setItem(COSName.EXTEND, extend);
        List<Rgb> stops = spec.design().foregroundStops();
        COSDictionary function = new COSDictionary();
        function.setInt(COSName.FUNCTION_TYPE, 2);
        function.setItem(COSName.DOMAIN, numbers(0, 1));
        function.setItem(COSName.C0, numbers(page.components(stops.get(0))));
        function.setItem(COSName.C1, numbers(page.components(stops.get(1))));
        function.setItem(COSName.N, COSInteger.ONE);
        shading.setFunction(new PDFunctionType2(function));
        return shading;
    }

    private static COSArray numbers(float... values) {
        COSArray array = new COSArray();
        for (float value : values) {
            array.add(new COSFloat(value));
        }
        return array;
    }
}
