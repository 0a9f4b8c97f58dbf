package dev.qrforge.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.qrforge.api.WireNames;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.safety.CameraView;
import dev.qrforge.safety.LogoTraits;
import dev.qrforge.safety.Readback;
import dev.qrforge.safety.SafetyStatus;
import dev.qrforge.testing.Decoders;
import dev.qrforge.testing.Decoders.PanelRead;
import dev.qrforge.testing.SlowCheck;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Whether the safety verdict tells the truth, where the truth is what decoders the service does not embed read: the
 * calibration grid ({@link Calibration}) rendered as the service renders it, each image read by the panel of zbar,
 * zxing-cpp and OpenCV's WeChat detector ({@link Decoders#panel}), as delivered and as the {@link CameraView} sees it
 * (a third of the edge, blurred). A code <em>scans</em> when at least two of the three read it in both conditions,
 * and <em>fails</em> when at most one reads it as delivered. The verdict's thresholds and penalties were fitted on
 * the grid's training half; the targets hold on the held-out half, which the fit never saw: no OPTIMAL code fails; at
 * least 95 % of the OPTIMAL codes with 6 or more pixels per module scan; at least 90 % of the failing codes are
 * RISKY; at most 10 % of the RISKY codes scan; at least 90 % of the ordinary brand designs are OPTIMAL. The tables go
 * to docs/scannability-calibration.md, and every case with its evidence, verdict and reads to
 * target/calibration/cases.csv, which {@code src/test/scripts/fit-verdict.py} fits the verdict on.
 */
@SlowCheck
class ScannabilityCalibrationTest {

    static final double REQUIRED_RISKY_SHARE_OF_FAILURES = 0.9;
    static final double REQUIRED_OPTIMAL_SCAN_SHARE = 0.95;
    static final double ALLOWED_SCANNING_RISKY_SHARE = 0.1;
    static final double REQUIRED_ORDINARY_OPTIMAL_SHARE = 0.9;
    /** At least this many of the panel's three decoders must read a code for it to scan. */
    static final int PANEL_MAJORITY = 2;
    /** From here a code keeps 2 pixels per module in the camera view, the least a decoder needs. */
    static final double CAMERA_READABLE_MODULE_PIXELS = 2.0 * CameraView.REDUCTION;
    private static final List<String> PANEL = List.of("zbar 0.23", "zxing-cpp 1.4", "OpenCV 4.6 WeChat");
    private static final double[] MODULE_BANDS = {1.5, 2, 3, 4, 6, 8, 12.5};
    private static final List<String> TRUTHS = List.of("scans", "reads as delivered only", "fails");

    /** What the panel made of one case. */
    record Result(Calibration.Outcome outcome, PanelRead delivered, PanelRead camera) {

        SafetyStatus status() {
            return outcome.safety().status();
        }

        double modulePixels() {
            return outcome.modulePixels();
        }

        boolean fails() {
            return delivered.count() < PANEL_MAJORITY;
        }

        boolean scans() {
            return !fails() && camera.count() >= PANEL_MAJORITY;
        }

        String truth() {
            return scans() ? TRUTHS.get(0) : fails() ? TRUTHS.get(2) : TRUTHS.get(1);
        }

        boolean heldOut() {
            return outcome.of().heldOut();
        }

        boolean ordinary() {
            return outcome.of().ordinary();
        }
    }

    /** The five figures the verdict is held to, over one part of the grid. */
    record Figures(long optimalFailing, double optimalScanShare, long optimalLarge, double riskyShareOfFailures,
            long failing, double scanningRiskyShare, long risky, double ordinaryOptimalShare, long ordinary,
            double riskyShare, double optimalShare, long codes) {

        static Figures of(List<Result> results) {
            List<Result> failing = results.stream().filter(Result::fails).toList();
            List<Result> optimalLarge = results.stream().filter(r -> r.status() == SafetyStatus.OPTIMAL
                    && r.modulePixels() >= CAMERA_READABLE_MODULE_PIXELS).toList();
            List<Result> risky = results.stream().filter(r -> r.status() == SafetyStatus.RISKY).toList();
            List<Result> ordinary = results.stream().filter(Result::ordinary).toList();
            return new Figures(
                    results.stream().filter(r -> r.status() == SafetyStatus.OPTIMAL && r.fails()).count(),
                    share(optimalLarge, Result::scans), optimalLarge.size(),
                    share(failing, r -> r.status() == SafetyStatus.RISKY), failing.size(),
                    share(risky, Result::scans), risky.size(),
                    share(ordinary, r -> r.status() == SafetyStatus.OPTIMAL), ordinary.size(),
                    share(results, r -> r.status() == SafetyStatus.RISKY),
                    share(results, r -> r.status() == SafetyStatus.OPTIMAL), results.size());
        }
    }

    @Test
    void theVerdictAgreesWithDecodersTheServiceDoesNotEmbed() throws IOException {
        List<Calibration.Case> grid = Calibration.grid();
        assertThat(grid).hasSizeGreaterThanOrEqualTo(2000);
        boolean panel = Decoders.panelAvailable();
        assertThat(panel || !Boolean.getBoolean("calibration.require-panel")).as("the decoder panel (zbar-tools,"
                + " python3-zxing-cpp, python3-opencv) is installed (calibration.require-panel is set, as .ci/run sets"
                + " it)").isTrue();
        assumeTrue(panel, "the decoder panel is not installed: apt-get install zbar-tools python3-zxing-cpp"
                + " python3-opencv (docs/development.md)");
        Path work = Files.createDirectories(Path.of("target", "calibration"));
        List<Result> results = decode(grid, work);
        List<Result> heldOut = results.stream().filter(Result::heldOut).toList();
        List<Result> training = results.stream().filter(r -> !r.heldOut()).toList();
        Figures figures = Figures.of(heldOut);

        String report = report(heldOut, figures, Figures.of(training));
        System.out.println(report);
        Files.writeString(Path.of("docs", "scannability-calibration.md"), report);
        Files.writeString(work.resolve("cases.csv"), csv(results));

        assertThat(heldOut.stream().filter(r -> r.status() == SafetyStatus.OPTIMAL && r.fails()))
                .as("held-out OPTIMAL codes the panel fails").extracting(Result::outcome)
                .extracting(o -> Calibration.describe(o.of())).isEmpty();
        assertThat(figures.optimalLarge()).as("held-out OPTIMAL codes of 6 px per module or more").isPositive();
        assertThat(figures.optimalScanShare()).as("share of them the panel scans in the camera view too")
                .isGreaterThanOrEqualTo(REQUIRED_OPTIMAL_SCAN_SHARE);
        assertThat(figures.riskyShareOfFailures()).as("share of the held-out panel failures judged RISKY")
                .isGreaterThanOrEqualTo(REQUIRED_RISKY_SHARE_OF_FAILURES);
        assertThat(figures.scanningRiskyShare()).as("share of the held-out RISKY codes the panel scans")
                .isLessThanOrEqualTo(ALLOWED_SCANNING_RISKY_SHARE);
        assertThat(figures.ordinary()).as("held-out ordinary brand designs").isPositive();
        assertThat(figures.ordinaryOptimalShare()).as("share of them judged OPTIMAL")
                .isGreaterThanOrEqualTo(REQUIRED_ORDINARY_OPTIMAL_SHARE);
    }

    private static List<Result> decode(List<Calibration.Case> grid, Path work) {
        record Rendered(Calibration.Outcome outcome, BufferedImage camera) {
        }
        List<Rendered> rendered = grid.parallelStream().map(c -> {
            Calibration.Outcome outcome = Calibration.render(c);
            return new Rendered(outcome, Calibration.cameraView(outcome.shown()));
        }).toList();
        List<BufferedImage> images = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (Rendered r : rendered) {
            images.add(r.outcome().shown());
            images.add(r.camera());
            String data = r.outcome().of().spec().data();
            expected.add(data);
            expected.add(data);
        }
        List<PanelRead> reads = Decoders.panel(images, expected, work);
        List<Result> results = new ArrayList<>();
        for (int i = 0; i < rendered.size(); i++) {
            results.add(new Result(rendered.get(i).outcome(), reads.get(2 * i), reads.get(2 * i + 1)));
        }
        return results;
    }

    private static String report(List<Result> results, Figures figures, Figures training) {
        StringBuilder md = new StringBuilder();
        md.append("# Scannability calibration\n\n")
                .append("Generated by `ScannabilityCalibrationTest` (part of `mvn verify`); do not edit by hand. The")
                .append(" safety verdict's model is described in `SafetyAssessor` and in [the API guide](api.md#scan-safety).\n\n")
                .append("**The truth is what phones' decoders read**, and the service's own two (ZXing and BoofCV)")
                .append(" are evidence, not the truth. Every image is read by a panel of three decoders the service")
                .append(" does not embed, each a Debian package: ").append(String.join(", ", PANEL))
                .append(" (`src/test/scripts/decoder-panel.py`), in two conditions: **delivered** (transparent codes")
                .append(" on their surface) and in the **camera view** (`CameraView`: a third of the edge, each pixel")
                .append(" averaging 3 × 3, then a Gaussian blur of 0.6 px; a code needs 6 px per module to survive it).")
                .append(" A code **scans** when at least two of the three read it in both conditions; it **fails** when")
                .append(" at most one reads it as delivered; in between, it **reads as delivered only**.\n\n")
                .append("**The grid**: ").append(Calibration.COMBINATIONS + Calibration.RANDOM_CASES
                        + Calibration.ORDINARY_CASES).append(" designs from a generator with a fixed seed: every body")
                .append(" style × eye frame × eye ball combination once, ").append(Calibration.RANDOM_CASES)
                .append(" with every trait at random (colour pairs from 21:1 to 1.3:1, inverted, transparent on light")
                .append(" and dark surfaces; gradients, some ending in light colours; ")
                .append(fmt(Calibration.MIN_MODULE_PIXELS)).append(" to ").append(fmt(Calibration.MAX_MODULE_PIXELS))
                .append(" pixels per module, at least 100 px a side; quiet zones of 0 to 4 modules; every error")
                .append(" correction level; logos of 0.1 to 0.3 of the width: a flat mark, a photograph as JPEG, or")
                .append(" concentric squares like an eye, cleared or drawn over; data of 29, 88 and 190 characters),")
                .append(" and ").append(Calibration.ORDINARY_CASES).append(" **ordinary brand designs** (dark on light")
                .append(" at 4.5:1 or more, opaque, 8 to 12 px per module, quiet zone 4, square, rounded or cut eye")
                .append(" frames, no logo; any body style and eye ball, a quarter with a gradient between two dark colours).\n\n")
                .append("**The split**: each design falls in the training half or the held-out half by a coin drawn")
                .append(" from its own fixed seed (`Calibration.SPLIT_SEED`). The verdict's thresholds and penalties")
                .append(" were fitted on the training half (`src/test/scripts/fit-verdict.py` reads")
                .append(" `target/calibration/cases.csv`); every figure below is of the ").append(results.size())
                .append(" held-out designs, which the fit never saw.\n\n");

        md.append("## What the verdict is held to\n\n")
                .append("| requirement | held out | training half | required |\n|---|---:|---:|---:|\n");
        row(md, "OPTIMAL codes the panel fails", figures, training, f -> String.valueOf(f.optimalFailing()), "0");
        row(md, "OPTIMAL codes at 6 px per module or more that scan in the camera view", figures, training,
                f -> percentOf(f.optimalScanShare(), f.optimalLarge()),
                "at least " + percent(REQUIRED_OPTIMAL_SCAN_SHARE));
        row(md, "panel failures judged RISKY", figures, training,
                f -> percentOf(f.riskyShareOfFailures(), f.failing()),
                "at least " + percent(REQUIRED_RISKY_SHARE_OF_FAILURES));
        row(md, "RISKY codes the panel scans", figures, training, f -> percentOf(f.scanningRiskyShare(), f.risky()),
                "at most " + percent(ALLOWED_SCANNING_RISKY_SHARE));
        row(md, "ordinary brand designs judged OPTIMAL", figures, training,
                f -> percentOf(f.ordinaryOptimalShare(), f.ordinary()),
                "at least " + percent(REQUIRED_ORDINARY_OPTIMAL_SHARE));
        row(md, "RISKY, of all codes", figures, training, f -> percentOf(f.riskyShare(), f.codes()), "");
        row(md, "OPTIMAL, of all codes", figures, training, f -> percentOf(f.optimalShare(), f.codes()), "");
        md.append('\n');

        md.append("## Verdict × truth\n\n");
        crossTable(md, "verdict", results, r -> r.status().name());

        md.append("## Per module size\n\nVerdicts and what the panel made of them, per band of pixels per module.\n\n");
        crossTable(md, "px per module", results, r -> band(r.modulePixels()));

        md.append("## Per eye style\n\n");
        crossTable(md, "eye frame", results,
                r -> WireNames.of(r.outcome().of().design().eyes().topLeft().frameStyle()));
        crossTable(md, "eye ball", results,
                r -> WireNames.of(r.outcome().of().design().eyes().topLeft().ballStyle()));

        md.append("## Per logo kind\n\n");
        crossTable(md, "logo", results, r -> r.outcome().of().logo() + (r.outcome().of().spec().logo() == null ? ""
                : r.outcome().of().spec().logo().clearModules() ? ", cleared" : ", drawn over"));

        md.append("## Per body style\n\n");
        crossTable(md, "body style", results, r -> WireNames.of(r.outcome().of().design().bodyStyle()));

        md.append("## The ordinary brand designs\n\n");
        crossTable(md, "ordinary", results.stream().filter(Result::ordinary).toList(), r -> r.status().name());

        md.append("## Reads per decoder\n\nHow many held-out codes each decoder of the panel read, per verdict.\n\n")
                .append("| verdict | codes |");
        PANEL.forEach(d -> md.append(' ').append(d).append(" delivered |"));
        PANEL.forEach(d -> md.append(' ').append(d).append(" camera view |"));
        md.append("\n|---|---:|").append("---:|".repeat(2 * PANEL.size())).append('\n');
        for (SafetyStatus status : SafetyStatus.values()) {
            List<Result> rows = results.stream().filter(r -> r.status() == status).toList();
            md.append("| ").append(status).append(" | ").append(rows.size()).append(" |");
            for (Function<Result, PanelRead> condition : List.<Function<Result, PanelRead>>of(Result::delivered,
                    Result::camera)) {
                md.append(' ').append(rows.stream().filter(r -> condition.apply(r).zbar()).count()).append(" |")
                        .append(' ').append(rows.stream().filter(r -> condition.apply(r).zxingCpp()).count())
                        .append(" |").append(' ').append(rows.stream().filter(r -> condition.apply(r).wechat())
                                .count()).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');

        listing(md, "Failures not judged RISKY", "Held-out codes the panel fails that the verdict lets through as"
                + " ACCEPTABLE: each carries its warnings, which is what keeps it from OPTIMAL.", results,
                r -> r.fails() && r.status() != SafetyStatus.RISKY);
        listing(md, "OPTIMAL codes of 6 px per module or more that do not scan", "", results,
                r -> r.status() == SafetyStatus.OPTIMAL && r.modulePixels() >= CAMERA_READABLE_MODULE_PIXELS
                        && !r.scans());
        listing(md, "Ordinary brand designs not OPTIMAL", "", results,
                r -> r.ordinary() && r.status() != SafetyStatus.OPTIMAL);
        return md.toString();
    }

    /** One requirement's row: measured on the held-out half, on the training half, and what is required. */
    private static void row(StringBuilder md, String requirement, Figures heldOut, Figures training,
            Function<Figures, String> measured, String required) {
        md.append("| ").append(requirement).append(" | ").append(measured.apply(heldOut)).append(" | ")
                .append(measured.apply(training)).append(" | ").append(required).append(" |\n");
    }

    private static String band(double pixels) {
        for (int band = 0; band + 1 < MODULE_BANDS.length; band++) {
            if (pixels < MODULE_BANDS[band + 1]) {
                return fmt(MODULE_BANDS[band]) + "–" + fmt(Math.min(MODULE_BANDS[band + 1], Calibration.MAX_MODULE_PIXELS));
            }
        }
        return "≥ " + fmt(MODULE_BANDS[MODULE_BANDS.length - 1]);
    }

    /** Per value of a trait: how many codes got each verdict, and of each verdict how many scan or fail. */
    private static void crossTable(StringBuilder md, String title, List<Result> results,
            Function<Result, String> trait) {
        Map<String, List<Result>> groups = results.stream().collect(Collectors.groupingBy(trait, TreeMap::new,
                Collectors.toList()));
        md.append("| ").append(title).append(" | codes | scan | fail | OPTIMAL | OPTIMAL that fail | ACCEPTABLE |")
                .append(" RISKY | RISKY that scan | failures RISKY |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        groups.forEach((name, group) -> {
            Map<SafetyStatus, Long> counts = new EnumMap<>(SafetyStatus.class);
            group.forEach(r -> counts.merge(r.status(), 1L, Long::sum));
            long failing = group.stream().filter(Result::fails).count();
            md.append("| ").append(name).append(" | ").append(group.size()).append(" | ")
                    .append(group.stream().filter(Result::scans).count()).append(" | ").append(failing).append(" | ")
                    .append(counts.getOrDefault(SafetyStatus.OPTIMAL, 0L)).append(" | ")
                    .append(group.stream().filter(r -> r.status() == SafetyStatus.OPTIMAL && r.fails()).count())
                    .append(" | ").append(counts.getOrDefault(SafetyStatus.ACCEPTABLE, 0L)).append(" | ")
                    .append(counts.getOrDefault(SafetyStatus.RISKY, 0L)).append(" | ")
                    .append(group.stream().filter(r -> r.status() == SafetyStatus.RISKY && r.scans()).count())
                    .append(" | ").append(failing == 0 ? "–" : percent((double) group.stream()
                            .filter(r -> r.fails() && r.status() == SafetyStatus.RISKY).count() / failing))
                    .append(" |\n");
        });
        md.append('\n');
    }

    private static void listing(StringBuilder md, String title, String intro, List<Result> results,
            Predicate<Result> which) {
        md.append("## ").append(title).append("\n\n");
        if (!intro.isEmpty()) {
            md.append(intro).append("\n\n");
        }
        List<Result> rows = results.stream().filter(which).toList();
        if (rows.isEmpty()) {
            md.append("None.\n\n");
            return;
        }
        md.append("| design | verdict | read by (delivered / camera view) | warnings |\n|---|---|---|---|\n");
        for (Result r : rows) {
            md.append("| ").append(Calibration.describe(r.outcome().of())).append(" | ").append(r.status())
                    .append(' ').append(r.outcome().safety().score()).append(" | ").append(readers(r.delivered()))
                    .append(" / ").append(readers(r.camera())).append(" | ")
                    .append(String.join("; ", r.outcome().safety().warnings()).replace("|", "\\|")).append(" |\n");
        }
        md.append('\n');
    }

    private static String readers(PanelRead read) {
        List<String> names = new ArrayList<>();
        if (read.zbar()) {
            names.add("zbar");
        }
        if (read.zxingCpp()) {
            names.add("zxing-cpp");
        }
        if (read.wechat()) {
            names.add("WeChat");
        }
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    /** Every case with the evidence the verdict is drawn from and the panel's reads: what the fit reads. */
    private static String csv(List<Result> results) {
        StringBuilder csv = new StringBuilder("index,held_out,ordinary,status,score,zxing,boofcv,boofcv_eyes,"
                + "zxing_camera,boofcv_camera,contrast,module_pixels,margin,version,error_correction,body,frame,ball,"
                + "logo,logo_clear,logo_coverage,logo_budget,logo_busyness,logo_finder_like,transparent,inverted,"
                + "gradient,data_length,zbar,zxing_cpp,wechat,zbar_camera,zxing_cpp_camera,wechat_camera\n");
        for (Result r : results) {
            Calibration.Outcome o = r.outcome();
            Readback b = o.readback();
            RenderSpec render = o.render();
            CodeSpec spec = o.of().spec();
            LogoTraits traits = render.logo() == null ? null : LogoTraits.of(render);
            var design = spec.design();
            boolean inverted = !design.transparent() && design.darkColours().stream().anyMatch(
                    c -> c.relativeLuminance() > design.background().relativeLuminance());
            List<Object> cells = List.of(o.of().index(), bit(o.of().heldOut()), bit(o.of().ordinary()), r.status(),
                    o.safety().score(), bit(b.zxing()), bit(b.boofcv()), bit(b.boofcvEyes()), bit(b.zxingCamera()),
                    bit(b.boofcvCamera()), num(b.moduleContrast()), num(render.moduleSize()), spec.margin(),
                    render.matrix().version(), render.matrix().errorCorrection(), WireNames.of(design.bodyStyle()),
                    WireNames.of(design.eyes().topLeft().frameStyle()),
                    WireNames.of(design.eyes().topLeft().ballStyle()), o.of().logo(),
                    bit(spec.logo() != null && spec.logo().clearModules()), num(render.logoCoverage()),
                    num(render.matrix().errorCorrection().recoverable()),
                    num(traits == null ? 0 : traits.busyness()), bit(traits != null && traits.finderLike()),
                    bit(design.transparent()), bit(inverted), bit(design.gradient() != null), spec.data().length(),
                    bit(r.delivered().zbar()), bit(r.delivered().zxingCpp()), bit(r.delivered().wechat()),
                    bit(r.camera().zbar()), bit(r.camera().zxingCpp()), bit(r.camera().wechat()));
            csv.append(cells.stream().map(String::valueOf).collect(Collectors.joining(","))).append('\n');
        }
        return csv.toString();
    }

    private static int bit(boolean value) {
        return value ? 1 : 0;
    }

    private static String num(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    private static double share(List<Result> results, Predicate<Result> which) {
        return results.isEmpty() ? 0 : (double) results.stream().filter(which).count() / results.size();
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }

    private static String percentOf(double share, long of) {
        return percent(share) + " of " + of;
    }

    private static String fmt(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
