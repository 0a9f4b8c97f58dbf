package dev.qrforge.qr;

import dev.qrforge.render.PngWriter;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.QrMatrix;
import dev.qrforge.render.RasterRenderer;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.SvgRenderer;
import dev.qrforge.safety.DecodeSample;
import dev.qrforge.safety.DecodeVerifier;
import dev.qrforge.safety.SafetyAssessor;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Generates code images and checks each one by decoding what was actually rendered. A PNG is drawn band by band and
 * each row goes straight into the PNG encoder and into the verifier's sample, so no stage holds the whole image;
 * {@link #memoryCost} says what a rendering does hold, for admission control.
 */
public final class CodeGenerator {

    /**
     * Pixels per module of the raster that stands in for an SVG during verification. A whole number puts module edges
     * on pixel edges, and at 2 the pixel read at a module's centre lies wholly inside that module, rounded corners
     * included; more pixels only cost time, as the SVG's nominal size says nothing about how large it will be shown.
     */
    static final int SVG_CHECK_MODULE_PIXELS = 2;

    /** Copies of an SVG a request holds at its peak: the builder, the string, and the JSON response's. */
    static final int SVG_COPIES = 3;

    private CodeGenerator() {
    }

    /**
     * Encodes the data of {@code spec}, the cheap first step that fixes the symbol's size.
     *
     * @throws dev.qrforge.render.DataTooLongException if the data does not fit at the requested error correction
     */
    public static QrMatrix encode(CodeSpec spec) {
        return QrEncoder.encode(spec.data(), spec.errorCorrection());
    }

    /** Encodes, renders and verifies one code. */
    public static GeneratedCode generate(CodeSpec spec) {
        return generate(spec, encode(spec));
    }

    /** Renders and verifies one code whose data {@link #encode} made into {@code matrix}. */
    public static GeneratedCode generate(CodeSpec spec, QrMatrix matrix) {
        RenderSpec render = new RenderSpec(matrix, spec.size(), spec.margin(), spec.design());
        return switch (spec.format()) {
            case SVG -> {
                String svg = SvgRenderer.render(render);
                RenderSpec check = svgCheck(render);
                DecodeSample sample = DecodeSample.forCode(check);
                RasterRenderer.streamRows(check, sample);
                boolean verified = DecodeVerifier.verifies(sample, check, spec.data());
                yield new GeneratedCode(spec, matrix.version(), svg, null, SafetyAssessor.assess(render, verified));
            }
            case PNG -> {
                DecodeSample sample = DecodeSample.forCode(render);
                ByteBuffer png = RasterRenderer.png(render, sample);
                boolean verified = DecodeVerifier.verifies(sample, render, spec.data());
                yield new GeneratedCode(spec, matrix.version(), null, png, SafetyAssessor.assess(render, verified));
            }
        };
    }

    /**
     * Returns the image file of a code whose verdict is already known (a stored code drawn again): the same image as
     * {@link #generate}, without the verification.
     */
    public static ByteBuffer image(CodeSpec spec, QrMatrix matrix) {
        RenderSpec render = new RenderSpec(matrix, spec.size(), spec.margin(), spec.design());
        return switch (spec.format()) {
            case SVG -> ByteBuffer.wrap(SvgRenderer.render(render).getBytes(StandardCharsets.UTF_8));
            case PNG -> RasterRenderer.png(render);
        };
    }

    /**
     * The most heap {@link #generate} holds at once for this code, in bytes, including its image until the response
     * has carried it away: the reservation admission control takes. bench/run-render-memory.sh measures what a
     * rendering really allocates against this estimate.
     */
    public static long memoryCost(CodeSpec spec, QrMatrix matrix) {
        RenderSpec render = new RenderSpec(matrix, spec.size(), spec.margin(), spec.design());
        return switch (spec.format()) {
            case SVG -> {
                RenderSpec check = svgCheck(render);
                yield RasterRenderer.bandBytes(check.size()) + DecodeVerifier.memoryCost(check)
                        + SVG_COPIES * SvgRenderer.maxChars(matrix);
            }
            case PNG -> RasterRenderer.bandBytes(spec.size()) + PngWriter.workingBytes(spec.size())
                    + DecodeVerifier.memoryCost(render) + RasterRenderer.pngBytes(render);
        };
    }

    private static RenderSpec svgCheck(RenderSpec render) {
        return new RenderSpec(render.matrix(), render.totalModules() * SVG_CHECK_MODULE_PIXELS, render.margin(),
                render.design());
    }
}
