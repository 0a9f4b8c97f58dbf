package dev.qrforge.qr;

import dev.qrforge.render.EpsRenderer;
import dev.qrforge.render.PdfRenderer;
import dev.qrforge.render.PngWriter;
import dev.qrforge.render.PrintPage;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.QrMatrix;
import dev.qrforge.render.RasterFiles;
import dev.qrforge.render.RasterRenderer;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.RowSink;
import dev.qrforge.render.SvgRenderer;
import dev.qrforge.safety.DecodeSample;
import dev.qrforge.safety.DecodeVerifier;
import dev.qrforge.safety.PhysicalSize;
import dev.qrforge.safety.Readback;
import dev.qrforge.safety.SafetyAssessor;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.rendering.PDFRenderer;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Generates code images and checks each one by decoding what was actually rendered. A PNG is drawn band by band and
 * each row goes straight into the PNG encoder and into the verifier's sample, so no stage holds the whole image; JPEG
 * and WebP are encoded from the whole image and the file is decoded back; a PDF is rendered back by PDFBox; SVG and
 * EPS, which nothing here interprets, are judged on a raster of the same outlines. {@link #memoryCost} says what a
 * rendering holds, for admission control.
 */
public final class CodeGenerator {

    /**
     * The most pixels per module of the raster that stands in for an SVG during verification. An SVG is checked at its
     * nominal size, as browsers show it, like a PNG; but when that gives more pixels per module than this, at this
     * many, which every style needs to be read (stars fail ZXing's detector at 4) and which keeps the check cheap, as
     * the nominal size says nothing about how large the SVG will really be shown.
     */
    static final int SVG_CHECK_MODULE_PIXELS = 6;

    /**
     * An SVG's logo is embedded at twice the pixels its nominal size gives it, so it stays sharp on high-density
     * screens and when the SVG is shown larger, but at least this many, as a small nominal size says little.
     */
    static final int SVG_LOGO_DENSITY = 2;
    static final int MIN_SVG_LOGO_EDGE = 256;

    /** Renderings of a new code that does not read back: its own mask, and two more. */
    static final int MASK_ATTEMPTS = 3;

    /**
     * Copies of an SVG a request holds at its peak: the builder, the string, and the JSON response's (or, while
     * another mask is tried, the first attempt's string).
     */
    static final int SVG_COPIES = 3;

    /** A logo in a PDF (compressed) or EPS (hex) file: at most two bytes per pixel and channel, four channels. */
    static final int VECTOR_LOGO_BYTES_PER_PIXEL = 8;

    /** PDFBox's rendering of a page: its image, Java2D's working copies of it. */
    static final int PDF_RENDER_COPIES = 3;

    /**
     * What writing a vector file allocates per module of the symbol, besides the file: for PDF also parsing it back
     * and rendering it (a gradient through PDFBox's shading contexts, the costliest); CodeGeneratorTest measured up to
     * 3.0 KB for PDF and 1.1 KB for EPS (a version 30 code with a radial gradient).
     */
    static final int PDF_BYTES_PER_MODULE = 3300;
    static final int EPS_BYTES_PER_MODULE = 1200;

    /**
     * JPEG, in whole images' worth of bytes: the drawn image, the encoder's converted copies and working planes, and
     * the file decoded back (CodeGeneratorTest measures up to 5.6 for a 5000 px JPEG).
     */
    static final int JPEG_IMAGE_COPIES = 6;

    /**
     * WebP, in whole images' worth of bytes: the drawn image, the encoder's RGB(A) copy of it, and the file decoded
     * back (CodeGeneratorTest measures up to 3.0, for a transparent 5000 px code).
     */
    static final int WEBP_IMAGE_COPIES = 3;

    private CodeGenerator() {
    }

    /**
     * Encodes the data of {@code spec}, the cheap first step that fixes the symbol's size.
     *
     * @throws dev.qrforge.render.DataTooLongException if the data does not fit at the requested error correction
     */
    public static QrMatrix encode(CodeSpec spec) {
        return QrEncoder.encode(spec.data(), spec.errorCorrection(), spec.mask());
    }

    /** Encodes, renders and verifies one code. */
    public static GeneratedCode generate(CodeSpec spec) {
        return generate(spec, encode(spec));
    }

    /**
     * Renders and verifies one code whose data {@link #encode} made into {@code matrix}. A new code's rendering that
     * does not read back is drawn again with other mask patterns, up to {@link #MASK_ATTEMPTS} in all: a scanner's
     * detector can take a pattern in the data for a finder pattern, which another mask does not produce (the
     * standard's choice of mask counts such patterns only along rows and columns). Not when the design would be
     * RISKY even if it read back: nothing else in the verdict depends on the mask, so another one would change
     * nothing but the cost. Nor when BoofCV found no finder pattern at one of the eyes: an eye frame it does not take
     * for one (a circle, a leaf) stays one it does not take for one, as the mask changes no module of an eye or of
     * the light border around it (EyeFramesAndMasksTest tries every mask). The code's spec in the result names the
     * mask it was drawn with, so that it is drawn again exactly.
     */
    public static GeneratedCode generate(CodeSpec spec, QrMatrix matrix) {
        return drawn(spec, matrix).code();
    }

    /** As {@link #generate}, with the evidence the verdict was drawn from: what the calibration suite fits it to. */
    static Drawn drawn(CodeSpec spec, QrMatrix matrix) {
        RenderSpec render = renderSpec(spec, matrix, spec.size());
        Drawn first = draw(spec.withMask(matrix.mask()), render);
        if (spec.mask() != null || first.code().safety().verified() || !first.readback().boofcvEyes()
                || SafetyAssessor.riskyEvenIfRead(render, first.readback())) {
            return first;
        }
        Drawn best = first;
        for (int attempt = 1; attempt < MASK_ATTEMPTS && !best.code().safety().verified(); attempt++) {
            int mask = (matrix.mask() + attempt) % QrEncoder.MASK_PATTERNS;
            QrMatrix other = QrEncoder.encode(spec.data(), spec.errorCorrection(), mask);
            Drawn redrawn = draw(spec.withMask(mask), renderSpec(spec, other, spec.size()));
            if (redrawn.code().safety().verified()) {
                best = redrawn;
            }
        }
        return best;
    }

    /** A code drawn and judged, with what was read back of it. */
    record Drawn(GeneratedCode code, Readback readback) {
    }

    private static Drawn draw(CodeSpec spec, RenderSpec render) {
        int version = render.matrix().version();
        ByteBuffer file;
        RenderSpec judged = render;
        DecodeSample sample;
        switch (spec.format()) {
            case SVG, EPS -> {
                // No SVG or PostScript interpreter here: the check raster is drawn from the same outlines.
                file = ByteBuffer.wrap(vectorFile(spec, render));
                judged = checkRaster(spec, render);
                sample = DecodeSample.forCode(judged);
                RasterRenderer.streamRows(judged, sample);
            }
            case PDF -> {
                PrintPage page = spec.print().page();
                byte[] pdf = PdfRenderer.render(render, page);
                file = ByteBuffer.wrap(pdf);
                judged = checkRaster(spec, render);
                sample = DecodeSample.of(renderPdf(pdf, page, render, judged), judged);
            }
            case PNG -> {
                sample = DecodeSample.forCode(render);
                file = RasterRenderer.png(render, spec.print().statedDpi(), sample);
            }
            case JPEG -> {
                byte[] jpeg = RasterFiles.jpeg(RasterFiles.image(render), spec.print().statedDpi());
                file = ByteBuffer.wrap(jpeg);
                sample = DecodeSample.of(RasterFiles.readJpeg(jpeg), render);
            }
            case WEBP -> {
                byte[] webp = RasterFiles.webp(RasterFiles.image(render));
                file = ByteBuffer.wrap(webp);
                sample = DecodeSample.of(RasterFiles.readWebp(webp), render);
            }
            default -> throw new IllegalStateException("no renderer for " + spec.format());
        }
        Readback readback = DecodeVerifier.read(sample, judged, spec.data());
        return new Drawn(new GeneratedCode(spec, version, file, SafetyAssessor.assess(render, readback,
                physicalSize(spec))), readback);
    }

    /**
     * How the verdict speaks of a code asked for in millimetres or inches: in that unit, and for PDF and EPS at their
     * printed size rather than their pixels at 96 dpi. Null for sizes in pixels.
     */
    static PhysicalSize physicalSize(CodeSpec spec) {
        PrintSize print = spec.print();
        if (!print.unit().physical()) {
            return null;
        }
        return new PhysicalSize(SizeUnit.MM.of(print.inches()), print.unit() == SizeUnit.IN,
                spec.format().vector() ? 0 : print.statedDpi());
    }

    /** An SVG or EPS file, which draw nothing but the outlines and so need no verification of their own. */
    private static byte[] vectorFile(CodeSpec spec, RenderSpec render) {
        return spec.format() == ImageFormat.SVG ? SvgRenderer.render(render).getBytes(StandardCharsets.UTF_8)
                : EpsRenderer.render(render, spec.print().page());
    }

    /**
     * The delivered PDF of {@code drawn} as PDFBox renders it into an image the size of {@code check}'s, on white, as
     * a transparent code is judged: scaled so that the code's square lands exactly on {@code check}'s, pixel for
     * pixel. (PDFBox's own image would round the page's edge at the scale down, a pixel short of the check raster;
     * and a frame, laid out on the page otherwise than in the check raster's whole pixels, would shift the code by a
     * fraction of one, which blurs every module edge.)
     */
    private static BufferedImage renderPdf(byte[] pdf, PrintPage page, RenderSpec drawn, RenderSpec check) {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            int width = check.imageWidth();
            int height = check.imageHeight();
            BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = image.createGraphics();
            try {
                g.setColor(Color.WHITE);
                g.fillRect(0, 0, width, height);
                // Pixels of the check per point of the page.
                double scale = check.size() / page.edgePoints();
                g.translate(check.codeX() - page.codeX(drawn) * scale, check.codeY() - page.codeY(drawn) * scale);
                new PDFRenderer(document).renderPageToGraphics(0, g, (float) scale);
            } finally {
                g.dispose();
            }
            return image;
        } catch (IOException e) {
            throw new UncheckedIOException("rendering a PDF just written", e);
        }
    }

    /**
     * Returns the image file of a code whose verdict is already known (a stored code drawn again): the same image as
     * {@link #generate}, without the verification.
     */
    public static ByteBuffer image(CodeSpec spec, QrMatrix matrix) {
        RenderSpec render = renderSpec(spec, matrix, spec.size());
        return switch (spec.format()) {
            case SVG, EPS -> ByteBuffer.wrap(vectorFile(spec, render));
            case PDF -> ByteBuffer.wrap(PdfRenderer.render(render, spec.print().page()));
            case PNG -> RasterRenderer.png(render, spec.print().statedDpi(), RowSink.NONE);
            case JPEG -> ByteBuffer.wrap(RasterFiles.jpeg(RasterFiles.image(render), spec.print().statedDpi()));
            case WEBP -> ByteBuffer.wrap(RasterFiles.webp(RasterFiles.image(render)));
        };
    }

    /**
     * The most heap {@link #generate} holds at once for this code, in bytes, including its image until the response
     * has carried it away: the reservation admission control takes. bench/run-render-memory.sh measures what a
     * rendering really allocates against this estimate.
     */
    public static long memoryCost(CodeSpec spec, QrMatrix matrix) {
        // The logo is not drawn yet: its file's header and the box it goes into say what it will cost.
        RenderSpec render = new RenderSpec(matrix, spec.size(), spec.margin(), spec.design());
        int logoEdge = spec.logo() == null ? 0 : logoPixels(spec, render);
        long logo = spec.logo() == null ? 0 : spec.logo().memoryCost();
        return logo + switch (spec.format()) {
            case SVG -> {
                RenderSpec check = checkRaster(spec, render);
                yield RasterRenderer.workingBytes(check) + DecodeVerifier.memoryCost(check)
                        + SVG_COPIES * SvgRenderer.maxChars(matrix, logoEdge, spec.design().frame());
            }
            // The file (twice while another mask is tried), the check raster, and for PDF the page rendered back.
            case PDF, EPS -> {
                RenderSpec check = checkRaster(spec, render);
                boolean pdf = spec.format() == ImageFormat.PDF;
                long file = (pdf ? PdfRenderer.maxBytes(matrix, spec.design().frame())
                        : EpsRenderer.maxBytes(matrix, spec.design().frame()))
                        + VECTOR_LOGO_BYTES_PER_PIXEL * logoEdge * logoEdge;
                long modules = (long) matrix.modules() * matrix.modules();
                yield 2 * file + RasterRenderer.workingBytes(check) + DecodeVerifier.memoryCost(check)
                        + modules * (pdf ? PDF_BYTES_PER_MODULE : EPS_BYTES_PER_MODULE)
                        + (pdf ? PDF_RENDER_COPIES * RasterFiles.imageBytes(check) : 0);
            }
            // A retry with another mask draws a second PNG while the first is still held.
            case PNG -> RasterRenderer.workingBytes(render) + PngWriter.workingBytes(render.imageWidth())
                    + DecodeVerifier.memoryCost(render)
                    + 2 * (RasterRenderer.pngBytes(render) + (long) logoEdge * logoEdge * Integer.BYTES);
            // The whole image, the encoder's copy of it, and the file decoded back; a file is at most a PNG's size.
            case JPEG, WEBP -> RasterRenderer.workingBytes(render) + DecodeVerifier.memoryCost(render)
                    + (spec.format() == ImageFormat.JPEG ? JPEG_IMAGE_COPIES : WEBP_IMAGE_COPIES)
                            * RasterFiles.imageBytes(render)
                    + 2 * (RasterRenderer.pngBytes(render) + (long) logoEdge * logoEdge * Integer.BYTES);
        };
    }

    /**
     * How {@code spec} is drawn at {@code size} pixels (the code's own size, or its size on a composite): the
     * geometry, and the logo decoded and scaled for that size.
     */
    public static RenderSpec renderSpec(CodeSpec spec, QrMatrix matrix, int size) {
        RenderSpec bare = new RenderSpec(matrix, size, spec.margin(), spec.design());
        return spec.logo() == null ? bare : new RenderSpec(matrix, size, spec.margin(), spec.design(),
                spec.logo().draw(logoPixels(spec, bare)));
    }

    /** The longer side of the logo's image, in pixels, as it is drawn for {@code render}. */
    private static int logoPixels(CodeSpec spec, RenderSpec render) {
        double edge = spec.logo().size() * render.matrix().modules() * render.moduleSize();
        int pixels = spec.format().vector()
                ? (int) Math.max(MIN_SVG_LOGO_EDGE, Math.ceil(edge * SVG_LOGO_DENSITY))
                : (int) Math.ceil(edge);
        return Math.min(pixels, LogoSpec.MAX_DRAWN_EDGE);
    }

    /**
     * The raster a vector file is judged on. An SVG is checked at its nominal size, as browsers show it, unless that
     * gives more than {@link #SVG_CHECK_MODULE_PIXELS} per module. PDF and EPS are printed, at 300 dpi or more, where
     * modules of half a millimetre already get six pixels: they are judged at exactly that many.
     */
    private static RenderSpec checkRaster(CodeSpec spec, RenderSpec render) {
        return spec.format() == ImageFormat.SVG && render.moduleSize() <= SVG_CHECK_MODULE_PIXELS ? render
                : render.withSize(render.totalModules() * SVG_CHECK_MODULE_PIXELS);
    }
}
