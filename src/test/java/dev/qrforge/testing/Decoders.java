package dev.qrforge.testing;

import boofcv.abst.fiducial.QrCodeDetector;
import boofcv.alg.fiducial.qrcode.QrCode;
import boofcv.factory.fiducial.FactoryFiducial;
import boofcv.struct.image.GrayU8;
import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.ReaderException;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;

/**
 * QR decoders for tests, each used as a phone app would use it: ZXing with its full detector (not the production
 * verifier's grid reading), BoofCV's QR detector, and the panel of decoders the service does not embed (zbar,
 * zxing-cpp, OpenCV's WeChat detector), run out of process.
 */
public final class Decoders {

    private Decoders() {
    }

    /** ZXing's detector with TRY_HARDER, the mode scanning apps built on ZXing run. */
    public static boolean zxing(BufferedImage image, String expected) {
        int width = image.getWidth();
        int height = image.getHeight();
        int[] pixels = image.getRGB(0, 0, width, height, null, 0, width);
        try {
            return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(
                    new RGBLuminanceSource(width, height, pixels))), Map.of(DecodeHintType.TRY_HARDER, Boolean.TRUE))
                    .getText().equals(expected);
        } catch (ReaderException unreadable) {
            return false;
        }
    }

    /** BoofCV's QR detector, written independently of ZXing (its own binarisation, finder search and decoder). */
    public static boolean boofcv(BufferedImage image, String expected) {
        QrCodeDetector<GrayU8> detector = FactoryFiducial.qrcode(null, GrayU8.class);
        detector.process(grey(image));
        for (QrCode code : detector.getDetections()) {
            if (expected.equals(code.message)) {
                return true;
            }
        }
        return false;
    }

    /** What each decoder of the panel made of one image. */
    public record PanelRead(boolean zbar, boolean zxingCpp, boolean wechat) {

        /** How many of the three read it. */
        public int count() {
            return (zbar ? 1 : 0) + (zxingCpp ? 1 : 0) + (wechat ? 1 : 0);
        }
    }

    /** The panel's script, run from the project's directory as the build does. */
    private static final Path PANEL = Path.of("src", "test", "scripts", "decoder-panel.py");
    private static final String PANEL_PYTHON = "/usr/bin/python3";

    /**
     * Whether this machine has the panel's decoders: zbarimg (zbar-tools), python3-zxing-cpp and python3-opencv, all
     * for Debian's own Python.
     */
    public static boolean panelAvailable() {
        try {
            Process process = new ProcessBuilder(PANEL_PYTHON, "-c", "import cv2, zxingcpp;"
                    + " cv2.wechat_qrcode_WeChatQRCode()").redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            Process zbar = new ProcessBuilder("zbarimg", "--version").redirectErrorStream(true).start();
            zbar.getInputStream().readAllBytes();
            return process.waitFor(1, TimeUnit.MINUTES) && process.exitValue() == 0
                    && zbar.waitFor(1, TimeUnit.MINUTES) && zbar.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Decodes images with the panel of decoders the service does not embed (zbar, zxing-cpp, OpenCV's WeChat
     * detector; {@code src/test/scripts/decoder-panel.py}); returns, per image in order, which read the expected text.
     */
    public static List<PanelRead> panel(List<BufferedImage> images, List<String> expected, Path workDir) {
        try {
            Path dir = Files.createDirectories(workDir.resolve("panel"));
            StringBuilder manifest = new StringBuilder();
            List<Path> files = new ArrayList<>();
            for (int i = 0; i < images.size(); i++) {
                Path file = dir.resolve(i + ".png");
                ImageIO.write(images.get(i), "png", file.toFile());
                files.add(file);
                manifest.append(file.toAbsolutePath()).append('\t').append(expected.get(i)).append('\n');
            }
            Process process = new ProcessBuilder(PANEL_PYTHON, PANEL.toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try (var in = process.getOutputStream()) {
                in.write(manifest.toString().getBytes(StandardCharsets.UTF_8));
            }
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.MINUTES) || process.exitValue() != 0) {
                throw new IllegalStateException("the decoder panel failed (exit " + process.exitValue() + ")");
            }
            Map<String, PanelRead> reads = new HashMap<>();
            for (String line : out.split("\n")) {
                String[] cells = line.split("\t");
                reads.put(cells[0], new PanelRead("1".equals(cells[1]), "1".equals(cells[2]), "1".equals(cells[3])));
            }
            List<PanelRead> result = new ArrayList<>();
            for (Path file : files) {
                PanelRead read = reads.get(file.toAbsolutePath().toString());
                if (read == null) {
                    throw new IllegalStateException("the decoder panel said nothing of " + file);
                }
                result.add(read);
                Files.delete(file);
            }
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Luminance as scanners compute it from RGB (Rec. 601 weights). */
    public static GrayU8 grey(BufferedImage image) {
        GrayU8 grey = new GrayU8(image.getWidth(), image.getHeight());
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                int r = (rgb >> 16) & 0xff;
                int g = (rgb >> 8) & 0xff;
                int b = rgb & 0xff;
                grey.set(x, y, (299 * r + 587 * g + 114 * b) / 1000);
            }
        }
        return grey;
    }
}
