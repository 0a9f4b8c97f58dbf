package dev.qrforge.bench;

import dev.qrforge.qr.CodeGenerator;
import dev.qrforge.qr.CodeSpec;
import dev.qrforge.qr.GeneratedCode;
import dev.qrforge.qr.ImageFormat;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.QrMatrix;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The print formats against SVG and PNG of the same code in the same run: the code of {@link GenerationBenchmark}
 * (a 40-character URL, error correction M, 4-module quiet zone) at 1000 px (PDF and EPS: a 750 pt page, 1000 CSS px),
 * each format generated as the API does, verification included, and drawn only (as {@code GET …/image} draws a
 * stored code). bench/run-print.sh prints each as a ratio to SVG and to PNG.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class PrintFormatBenchmark {

    @Param({"svg", "png", "pdf", "eps", "jpeg", "webp"})
    public String format;

    private CodeSpec spec;
    private QrMatrix matrix;

    @Setup(Level.Trial)
    public void setUp() {
        CodeSpec asked = new CodeSpec(GenerationBenchmark.URL, ImageFormat.fromWire(format).orElseThrow(),
                GenerationBenchmark.SIZE, GenerationBenchmark.MARGIN, ErrorCorrection.M, Design.DEFAULT);
        // The mask the API would keep, so that both benchmarks draw exactly one rendering.
        spec = CodeGenerator.generate(asked).spec();
        matrix = CodeGenerator.encode(spec);
    }

    @Benchmark
    public GeneratedCode generated() {
        return CodeGenerator.generate(spec, matrix);
    }

    @Benchmark
    public ByteBuffer drawn() {
        return CodeGenerator.image(spec, matrix);
    }
}
