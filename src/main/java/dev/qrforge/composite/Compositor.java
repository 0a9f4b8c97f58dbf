package dev.qrforge.composite;

import dev.qrforge.qr.CodeGenerator;
import dev.qrforge.qr.CodeSpec;
import dev.qrforge.render.PngWriter;
import dev.qrforge.render.QrMatrix;
import dev.qrforge.render.RasterRenderer;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.safety.DecodeSample;
import dev.qrforge.safety.DecodeVerifier;
import dev.qrforge.safety.Readback;
import dev.qrforge.safety.Safety;
import dev.qrforge.safety.SafetyAssessor;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;

/**
 * Draws a code with a transparent background over an image, on an optional plate, and judges the result: the
 * composite is decoded and its contrast and texture measured where the code actually stands.
 */
final class Compositor {

    private static final int ALPHA_MAX = 255;

    private Compositor() {
    }

    /**
     * Composites one image.
     *
     * @param index     the image's position in the request
     * @param canvas    the opaque image, drawn on in place
     * @param matrix    the code's symbol
     * @param code      the code's data, default edge, margin and design
     * @param placement where the code goes
     * @param field     the image's JSON path, for placement errors that only its size reveals
     */
    static Composite compose(int index, BufferedImage canvas, QrMatrix matrix, CodeSpec code, Placement placement,
            String field) {
        Placement.Box box = placement.resolve(canvas.getWidth(), canvas.getHeight(), code.size(), field);
        RenderSpec spec = CodeGenerator.renderSpec(code, matrix, box.edge());
        double[] ground;
        Graphics2D g = canvas.createGraphics();
        try {
            g.translate(box.x(), box.y());
            if (placement.plate() != null) {
                paintPlate(g, placement.plate(), box.edge());
            }
            ground = BackdropProbe.sample(canvas, box, spec);
            RasterRenderer.paintCode(g, spec);
        } finally {
            g.dispose();
        }
        double[] composite = BackdropProbe.sample(canvas, box, spec);
        BufferedImage placed = canvas.getSubimage(box.x(), box.y(), box.edge(), box.edge());
        Readback readback = DecodeVerifier.read(DecodeSample.of(placed, spec), spec, code.data());
        Safety safety = SafetyAssessor.assessPlaced(spec, readback,
                BackdropProbe.measure(ground, composite, spec, box));
        return new Composite(index, canvas.getWidth(), canvas.getHeight(), PngWriter.encode(canvas), safety);
    }

    /** Paints the plate over the code's whole box, at the origin of {@code target}. */
    private static void paintPlate(Graphics2D target, Plate plate, int edge) {
        Graphics2D g = (Graphics2D) target.create();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(new Color(plate.color().red(), plate.color().green(), plate.color().blue(),
                    (int) Math.round(plate.opacity() * ALPHA_MAX)));
            double diameter = 2 * plate.radius(edge);
            g.fill(new RoundRectangle2D.Double(0, 0, edge, edge, diameter, diameter));
        } finally {
            g.dispose();
        }
    }
}
