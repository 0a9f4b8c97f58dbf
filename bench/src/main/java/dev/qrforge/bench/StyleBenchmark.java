package dev.qrforge.bench;

import dev.qrforge.qr.CodeGenerator;
import dev.qrforge.qr.CodeSpec;
import dev.qrforge.qr.GeneratedCode;
import dev.qrforge.qr.ImageFormat;
import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Eye;
import dev.qrforge.render.EyeBallStyle;
import dev.qrforge.render.EyeFrameStyle;
import dev.qrforge.render.Eyes;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.Rgb;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Every body style, eye frame and eye ball at 1000 px, SVG and PNG, verification included: the same code as
 * {@link GenerationBenchmark}, with one style changed from the plain design at a time; and GenerationBenchmark's
 * rounded-pointed navy design under a linear and a radial gradient, whose rows are in full colour. Run in the same
 * JMH invocation as GenerationBenchmark (bench/run-styles.sh), whose ZXing baselines the ratios are taken against.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 4, time = 2)
@State(Scope.Benchmark)
public class StyleBenchmark {

    @Param({"body:square", "body:rounded", "body:extra-rounded", "body:blobs", "body:rounded-pointed",
        "body:classy", "body:classy-rounded", "body:dots", "body:diamond", "body:star", "body:horizontal-bars",
        "body:vertical-bars", "body:mosaic",
        "frame:square", "frame:rounded", "frame:extra-rounded", "frame:circle", "frame:leaf", "frame:cut",
        "frame:dots",
        "ball:square", "ball:rounded", "ball:circle", "ball:leaf", "ball:diamond", "ball:star", "ball:dots",
        "gradient:linear", "gradient:radial"})
    public String style;

    private CodeSpec svg;
    private CodeSpec png;

    @Setup
    public void design() {
        Design design = design(style);
        svg = spec(ImageFormat.SVG, design);
        png = spec(ImageFormat.PNG, design);
    }

    /**
     * The plain design with the one style {@code style} names ("body:dots", "frame:leaf", "ball:star") changed, or
     * ("gradient:radial") GenerationBenchmark's rounded-pointed design under that gradient.
     */
    static Design design(String style) {
        String[] kindAndName = style.split(":");
        String constant = kindAndName[1].toUpperCase(Locale.ROOT).replace('-', '_');
        return switch (kindAndName[0]) {
            case "body" -> new Design(BodyStyle.valueOf(constant), Rgb.BLACK, Rgb.WHITE, null);
            case "frame" -> new Design(BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE, null,
                    Eyes.same(new Eye(EyeFrameStyle.valueOf(constant), EyeBallStyle.SQUARE, null, null)));
            case "ball" -> new Design(BodyStyle.SQUARE, Rgb.BLACK, Rgb.WHITE, null,
                    Eyes.same(new Eye(EyeFrameStyle.SQUARE, EyeBallStyle.valueOf(constant), null, null)));
            case "gradient" -> GenerationBenchmark.roundedPointed(GradientType.valueOf(constant));
            default -> throw new IllegalArgumentException(style);
        };
    }

    /** Every style the benchmark is run for: its parameter's values. */
    static List<String> styles() {
        try {
            return List.of(StyleBenchmark.class.getField("style").getAnnotation(Param.class).value());
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    static CodeSpec spec(ImageFormat format, Design design) {
        return new CodeSpec(GenerationBenchmark.URL, format, GenerationBenchmark.SIZE, GenerationBenchmark.MARGIN,
                ErrorCorrection.M, design);
    }

    @Benchmark
    public GeneratedCode svg() {
        return CodeGenerator.generate(svg);
    }

    @Benchmark
    public GeneratedCode png() {
        return CodeGenerator.generate(png);
    }
}
