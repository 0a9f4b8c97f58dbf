package dev.qrforge.qr;

import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.QrMatrix;
import dev.qrforge.render.RasterRenderer;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.SvgRenderer;
import dev.qrforge.safety.SafetyAssessor;
import dev.qrforge.safety.ScanVerifier;
import java.awt.image.BufferedImage;

/** Generates code images and checks each one by decoding what was actually rendered. */
public final class CodeGenerator {

    /**
     * Pixels per module of the raster that stands in for an SVG during verification. A whole number puts module edges
     * on pixel edges, and at 2 the pixel read at a module's centre lies wholly inside that module, rounded corners
     * included; more pixels only cost time, as the SVG's nominal size says nothing about how large it will be shown.
     */
    static final int SVG_CHECK_MODULE_PIXELS = 2;

    private CodeGenerator() {
    }

    /**
     * Encodes, renders and verifies one code.
     *
     * @throws dev.qrforge.render.DataTooLongException if the data does not fit at the requested error correction
     */
    public static GeneratedCode generate(CodeSpec spec) {
        QrMatrix matrix = QrEncoder.encode(spec.data(), spec.errorCorrection());
        RenderSpec render = new RenderSpec(matrix, spec.size(), spec.margin(), spec.design());
        return switch (spec.format()) {
            case SVG -> {
                String svg = SvgRenderer.render(render);
                RenderSpec check = new RenderSpec(matrix, render.totalModules() * SVG_CHECK_MODULE_PIXELS,
                        spec.margin(), spec.design());
                boolean verified = ScanVerifier.verifies(RasterRenderer.draw(check), check, spec.data());
                yield new GeneratedCode(spec, matrix.version(), svg, null, SafetyAssessor.assess(render, verified));
            }
            case PNG -> {
                BufferedImage image = RasterRenderer.draw(render);
                byte[] png = RasterRenderer.png(image);
                boolean verified = ScanVerifier.verifies(image, render, spec.data());
                yield new GeneratedCode(spec, matrix.version(), null, png, SafetyAssessor.assess(render, verified));
            }
        };
    }

    /** Returns just the image file of {@link #generate}. */
    public static byte[] image(CodeSpec spec) {
        return generate(spec).imageBytes();
    }
}
