package dev.qrforge.bench;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.client.j2se.MatrixToImageWriter;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import dev.qrforge.qr.CodeGenerator;
import dev.qrforge.qr.CodeSpec;
import dev.qrforge.qr.GeneratedCode;
import dev.qrforge.qr.ImageFormat;
import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.Rgb;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Our generation, verification included, against what a developer gets from plain ZXing: a 1000 px code for a
 * typical 40-character URL at error correction M with the standard 4-module quiet zone.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class GenerationBenchmark {

    static final String URL = "https://shop.example.com/spring-sale?id=42";
    static final int SIZE = 1000;
    static final int MARGIN = 4;
    /** A finder pattern is 7 modules wide (ISO/IEC 18004). */
    private static final int FINDER_MODULES = 7;

    private static final Design ROUNDED_POINTED_GRADIENT = roundedPointed(GradientType.LINEAR);

    /** Rounded-pointed modules in navy on white, shading into purple along a gradient of {@code type}. */
    static Design roundedPointed(GradientType type) {
        return new Design(BodyStyle.ROUNDED_POINTED, Rgb.parseHex("#1a237e").orElseThrow(), Rgb.WHITE,
                new Gradient(type, Rgb.parseHex("#6a1b9a").orElseThrow()));
    }

    private static final Map<EncodeHintType, Object> BASELINE_HINTS = Map.of(
            EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M,
            EncodeHintType.MARGIN, MARGIN);

    /**
     * The baseline the targets are set against: ZXing's {@code QRCodeWriter} asked for the requested 1000 px, then
     * an SVG string from that matrix (module size read off the top-left finder pattern, one rectangle per dark run).
     */
    @Benchmark
    public String zxingSvg() throws WriterException {
        BitMatrix pixels = new QRCodeWriter().encode(URL, BarcodeFormat.QR_CODE, SIZE, SIZE, BASELINE_HINTS);
        int[] corner = pixels.getTopLeftOnBit();
        int finderWidth = 0;
        while (pixels.get(corner[0] + finderWidth, corner[1])) {
            finderWidth++;
        }
        int modulePixels = finderWidth / FINDER_MODULES;
        int modules = pixels.getEnclosingRectangle()[2] / modulePixels;
        return svg(modules, modules + 2 * MARGIN, MARGIN,
                (x, y) -> pixels.get(corner[0] + x * modulePixels, corner[1] + y * modulePixels));
    }

    /**
     * A stricter baseline: ZXing's matrix at one bit per module, which skips the 1000×1000 matrix entirely, then the
     * same SVG string. Reported beside the main baseline so the ratio is not flattered by the baseline's choice.
     */
    @Benchmark
    public String zxingSvgMinimal() throws WriterException {
        BitMatrix bits = new QRCodeWriter().encode(URL, BarcodeFormat.QR_CODE, 0, 0, BASELINE_HINTS);
        return svg(bits.getWidth(), bits.getWidth(), 0, bits::get);
    }

    private interface Modules {
        boolean dark(int x, int y);
    }

    private static String svg(int modules, int viewBox, int offset, Modules grid) {
        StringBuilder path = new StringBuilder();
        for (int y = 0; y < modules; y++) {
            for (int x = 0; x < modules; x++) {
                if (grid.dark(x, y)) {
                    int start = x;
                    while (x < modules && grid.dark(x, y)) {
                        x++;
                    }
                    path.append('M').append(start + offset).append(' ').append(y + offset)
                            .append('h').append(x - start).append("v1h").append(start - x).append('z');
                }
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + SIZE + "\" height=\"" + SIZE
                + "\" viewBox=\"0 0 " + viewBox + " " + viewBox + "\"><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
                + "<path d=\"" + path + "\"/></svg>";
    }

    @Benchmark
    public byte[] zxingPng() throws WriterException, IOException {
        BitMatrix bits = new QRCodeWriter().encode(URL, BarcodeFormat.QR_CODE, SIZE, SIZE, BASELINE_HINTS);
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        MatrixToImageWriter.writeToStream(bits, "png", png);
        return png.toByteArray();
    }

    @Benchmark
    public GeneratedCode svgSquare() {
        return generate(ImageFormat.SVG, Design.DEFAULT);
    }

    @Benchmark
    public GeneratedCode svgRoundedPointedGradient() {
        return generate(ImageFormat.SVG, ROUNDED_POINTED_GRADIENT);
    }

    @Benchmark
    public GeneratedCode pngSquare() {
        return generate(ImageFormat.PNG, Design.DEFAULT);
    }

    @Benchmark
    public GeneratedCode pngRoundedPointedGradient() {
        return generate(ImageFormat.PNG, ROUNDED_POINTED_GRADIENT);
    }

    private static GeneratedCode generate(ImageFormat format, Design design) {
        return CodeGenerator.generate(new CodeSpec(URL, format, SIZE, MARGIN, ErrorCorrection.M, design));
    }
}
