package dev.qrforge.bench;

import dev.qrforge.qr.CodeGenerator;
import dev.qrforge.qr.CodeSpec;
import dev.qrforge.qr.ImageFormat;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Every style's PNG ({@link StyleBenchmark}) against ZXing's {@code MatrixToImageWriter}
 * ({@link GenerationBenchmark#zxingPng}), timed in alternation in one JVM: each round times the baseline, then a style,
 * then the baseline again, and so on through the styles, and a style's ratio in that round is its time over the mean
 * of the two baselines beside it. Printed: the median ratio over the rounds, and the lowest and highest.
 *
 * <p>Why beside JMH: JMH forks a JVM per benchmark and times the baseline once, first; on this shared machine the
 * speed drifted by up to 25 % between forks of one run, which moved the ratios more than the changes being measured.
 * Timing the baseline next to every style cancels such drift. Arguments: rounds (7), milliseconds per timing (400).
 */
public final class StyleRatios {

    private static final long NANOS_PER_MILLI = 1_000_000L;
    private static final int WARM_UP_TIMINGS = 5;

    private StyleRatios() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        long slice = (args.length > 1 ? Long.parseLong(args[1]) : 400) * NANOS_PER_MILLI;
        GenerationBenchmark baseline = new GenerationBenchmark();
        Callable<?> zxing = baseline::zxingPng;
        List<String> styles = StyleBenchmark.styles();
        List<CodeSpec> specs = styles.stream()
                .map(style -> StyleBenchmark.spec(ImageFormat.PNG, StyleBenchmark.design(style))).toList();
        for (int i = 0; i < WARM_UP_TIMINGS; i++) {
            microsPerOp(zxing, slice);
            for (CodeSpec spec : specs) {
                microsPerOp(() -> CodeGenerator.generate(spec), slice);
            }
        }
        double[][] ratios = new double[styles.size()][rounds];
        double[][] micros = new double[styles.size()][rounds];
        double[] baselines = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            double before = microsPerOp(zxing, slice);
            baselines[round] = before;
            for (int i = 0; i < specs.size(); i++) {
                CodeSpec spec = specs.get(i);
                micros[i][round] = microsPerOp(() -> CodeGenerator.generate(spec), slice);
                double after = microsPerOp(zxing, slice);
                ratios[i][round] = micros[i][round] / ((before + after) / 2);
                before = after;
            }
        }
        System.out.printf(Locale.ROOT, "baseline zxingPng: median %.0f us (rounds %s)%n", median(baselines),
                Arrays.toString(Arrays.stream(baselines).mapToLong(Math::round).toArray()));
        System.out.printf(Locale.ROOT, "%-22s %10s %8s %8s %8s%n", "style", "PNG us", "ratio", "lowest", "highest");
        double worst = 0;
        for (int i = 0; i < styles.size(); i++) {
            double[] sorted = ratios[i].clone();
            Arrays.sort(sorted);
            worst = Math.max(worst, median(ratios[i]));
            System.out.printf(Locale.ROOT, "%-22s %10.0f %7.2fx %7.2fx %7.2fx%n", styles.get(i), median(micros[i]),
                    median(ratios[i]), sorted[0], sorted[sorted.length - 1]);
        }
        System.out.printf(Locale.ROOT, "worst median PNG ratio %.2fx (target <= 0.5x)%n", worst);
    }

    /** Runs {@code work} for {@code nanos} and returns the microseconds it took per run. */
    private static double microsPerOp(Callable<?> work, long nanos) throws Exception {
        long start = System.nanoTime();
        long runs = 0;
        while (System.nanoTime() - start < nanos) {
            work.call();
            runs++;
        }
        return (System.nanoTime() - start) / 1000.0 / runs;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
