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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one PNG costs in heap, measured with JMH's allocation profiler ({@code -prof gc}, {@code gc.alloc.rate.norm}:
 * bytes allocated per operation, an upper bound of what an operation holds at once), against plain ZXing's
 * {@code QRCodeWriter} + {@code MatrixToImageWriter} at the same size in the same run. bench/run-render-memory.sh
 * runs it and sets the figures beside the cost model admission control reserves ({@link CodeGenerator#memoryCost}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@State(Scope.Benchmark)
public class RenderMemoryBenchmark {

    static final String URL = "https://shop.example.com/spring-sale?id=42";
    static final Design RADIAL_GRADIENT = new Design(BodyStyle.ROUNDED_POINTED, Rgb.parseHex("#1a237e").orElseThrow(),
            Rgb.WHITE, new Gradient(GradientType.RADIAL, Rgb.parseHex("#6a1b9a").orElseThrow()));
    private static final int MARGIN = 4;

    @Param({"1000", "5000"})
    public int size;

    static CodeSpec spec(int size, Design design) {
        return new CodeSpec(URL, ImageFormat.PNG, size, MARGIN, ErrorCorrection.M, design);
    }

    @Benchmark
    public byte[] zxingPng() throws WriterException, IOException {
        BitMatrix bits = new QRCodeWriter().encode(URL, BarcodeFormat.QR_CODE, size, size,
                Map.of(EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M, EncodeHintType.MARGIN, MARGIN));
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        MatrixToImageWriter.writeToStream(bits, "png", png);
        return png.toByteArray();
    }

    @Benchmark
    public GeneratedCode pngSquare() {
        return CodeGenerator.generate(spec(size, Design.DEFAULT));
    }

    @Benchmark
    public GeneratedCode pngRadialGradient() {
        return CodeGenerator.generate(spec(size, RADIAL_GRADIENT));
    }
}
