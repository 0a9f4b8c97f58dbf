package dev.qrforge.safety;

import boofcv.abst.fiducial.QrCodePreciseDetector;
import boofcv.alg.fiducial.qrcode.PositionPatternNode;
import boofcv.alg.fiducial.qrcode.QrCode;
import boofcv.concurrency.BoofConcurrency;
import boofcv.factory.fiducial.FactoryFiducial;
import boofcv.struct.image.GrayU8;
import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.PlanarYUVLuminanceSource;
import com.google.zxing.ReaderException;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import dev.qrforge.render.RenderSpec;
import java.util.List;
import java.util.Map;

/**
 * Reads a rendering back the way phones' scanners read it, with two decoders written independently of each other:
 * ZXing (the engine of most Android scanning apps) and BoofCV. Each finds the three finder patterns in the image
 * itself, samples the grid it infers and decodes; neither is told where the code is. The two fail on different
 * designs (ZXing checks the proportions of the eyes' dark runs, BoofCV finds eyes by their square outline), and
 * the calibration suite (docs/scannability-calibration.md) found codes each one alone let through that other
 * scanners could not read. What either reads is read again, by both, as the {@link CameraView} sees it. ZXing
 * reads a sample of {@value DecodeSample#MODULE_PIXELS} pixels per module or more, BoofCV the same sample when every
 * eye frame is square and every delivered pixel otherwise ({@link DecodeSample} says why).
 */
public final class DecodeVerifier {

    /*
     * Tried in order: ZXing's default search, which scans every few rows and is quick when it succeeds, then the
     * exhaustive one scanning apps built on ZXing run (TRY_HARDER). Not PURE_BARCODE: it reads the grid from the
     * symbol's outermost pixels and would pass codes whose finder patterns a scanner cannot find.
     */
    private static final List<Map<DecodeHintType, Boolean>> ATTEMPTS = List.of(
            Map.of(),
            Map.of(DecodeHintType.TRY_HARDER, Boolean.TRUE));

    /** The binarised image and ZXing's working copy, each at most the size of the image read. */
    private static final int WORKING_COPIES = 2;
    /**
     * What BoofCV holds besides, per sample pixel: its binary image, its contour labels (4 bytes a pixel) and the
     * intermediate images of its local threshold.
     */
    private static final int BOOFCV_BYTES_PER_PIXEL = 8;
    /**
     * What the detectors and decoders allocate besides: under 0.7 MB was measured for ZXing, for a dense code too
     * small to read, which goes through every detector; BoofCV's polygon and grid structures take about as much.
     */
    private static final int DECODER_BYTES = 2 * 1024 * 1024;
    /** Modules from the symbol's corner to the centre of an eye: its seven modules' middle one. */
    private static final int EYE_CENTRE_MODULE = 3;
    /** How far, in modules, a position pattern BoofCV found may lie from an eye's centre and still be that eye. */
    private static final double EYE_TOLERANCE_MODULES = 1.5;

    static {
        /*
         * Codes are already verified one per request or batch thread, as many at once as admission control lets
         * run. BoofCV's own fork-join split of its threshold would add a pool of threads outside that count, and a
         * hand-off: a profile of sequential requests found each one parked on that pool for ~11 ms. Its detectors
         * read the flag when they are created, and each read creates one. The flag is this deployment's own: the
         * WAR bundles BoofCV.
         */
        BoofConcurrency.USE_CONCURRENT = false;
    }

    private DecodeVerifier() {
    }

    /**
     * The heap verifying the rendering of {@code spec} holds at its peak, sample included: BoofCV's working images
     * for the delivered luminance (the camera's view is smaller), ZXing's for the larger of its sample and the view.
     */
    public static long memoryCost(RenderSpec spec) {
        long delivered = (long) DecodeSample.deliveredEdge(spec) * DecodeSample.deliveredEdge(spec);
        long modules = (long) DecodeSample.moduleEdge(spec) * DecodeSample.moduleEdge(spec);
        long camera = (long) DecodeSample.cameraEdge(spec) * DecodeSample.cameraEdge(spec);
        return DecodeSample.bytesFor(spec) + BOOFCV_BYTES_PER_PIXEL * delivered
                + WORKING_COPIES * Math.max(modules, camera) + DECODER_BYTES;
    }

    /**
     * Reads {@code sample}, taken of a rendering of {@code spec} at exactly {@code spec.size()} pixels, with both
     * decoders, and measures its contrast where the modules are.
     */
    public static Readback read(DecodeSample sample, RenderSpec spec, String expectedText) {
        if (sample.edge() != spec.size()) {
            throw new IllegalArgumentException("sample is of " + sample.edge() + "×" + sample.edge() + " px, spec says "
                    + spec.size());
        }
        if (!sample.complete()) {
            throw new IllegalStateException("the sample is missing rows");
        }
        boolean zxing = zxing(sample.moduleSample(), expectedText);
        QrCodePreciseDetector<GrayU8> detector = detect(sample.boofcvSample());
        boolean boofcv = reads(detector, expectedText);
        GreyImage view = zxing || boofcv ? sample.cameraView() : null;
        return new Readback(zxing, boofcv, boofcv || foundEyes(detector, spec, sample.boofcvFactor()),
                view != null && zxing(view, expectedText), view != null && boofcv(view, expectedText),
                sample.contrast());
    }

    /** Whether ZXing's detector reads {@code image} as {@code expectedText}. */
    public static boolean zxing(GreyImage image, String expectedText) {
        PlanarYUVLuminanceSource source = new PlanarYUVLuminanceSource(image.pixels(), image.width(), image.height(),
                0, 0, image.width(), image.height(), false);
        // One bitmap for all attempts: it caches the binarised image.
        BinaryBitmap bitmap = new BinaryBitmap(new HybridBinarizer(source));
        for (Map<DecodeHintType, Boolean> hints : ATTEMPTS) {
            try {
                if (new QRCodeReader().decode(bitmap, hints).getText().equals(expectedText)) {
                    return true;
                }
            } catch (ReaderException notFoundOrUnreadable) {
                // The next attempt may still succeed.
            }
        }
        return false;
    }

    /**
     * Whether BoofCV's QR detector, with its default configuration, finds a code in {@code image} that reads as
     * {@code expectedText}. A detector holds per-image state, so each read has its own.
     */
    public static boolean boofcv(GreyImage image, String expectedText) {
        return reads(detect(image), expectedText);
    }

    private static QrCodePreciseDetector<GrayU8> detect(GreyImage image) {
        GrayU8 grey = new GrayU8();
        grey.data = image.pixels();
        grey.width = image.width();
        grey.height = image.height();
        grey.stride = image.width();
        QrCodePreciseDetector<GrayU8> detector = FactoryFiducial.qrcode(null, GrayU8.class);
        detector.process(grey);
        return detector;
    }

    private static boolean reads(QrCodePreciseDetector<GrayU8> detector, String expectedText) {
        for (QrCode code : detector.getDetections()) {
            if (expectedText.equals(code.message)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code detector}, run on a sample of {@code spec}'s code square reduced {@code factor} times, found a
     * position pattern (BoofCV's finder pattern: a square outline around a square) at each of the three eyes.
     */
    private static boolean foundEyes(QrCodePreciseDetector<GrayU8> detector, RenderSpec spec, int factor) {
        int first = spec.margin() + EYE_CENTRE_MODULE;
        int last = spec.margin() + spec.matrix().modules() - 1 - EYE_CENTRE_MODULE;
        double near = EYE_TOLERANCE_MODULES * spec.moduleSize() / factor;
        List<PositionPatternNode> found = detector.getDetectPositionPatterns().getPositionPatterns().toList();
        int[][] eyes = {{first, first}, {last, first}, {first, last}};
        for (int[] eye : eyes) {
            double x = (double) spec.moduleCentre(eye[0]) / factor;
            double y = (double) spec.moduleCentre(eye[1]) / factor;
            if (found.stream().noneMatch(pattern -> Math.abs(pattern.center.x - x) < near
                    && Math.abs(pattern.center.y - y) < near)) {
                return false;
            }
        }
        return true;
    }
}
