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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/**
 * Three independent QR decoders, each used as a phone app would use it: ZXing with its full detector (not the
 * production verifier's grid reading), BoofCV's QR detector, and zbar's {@code zbarimg} where the machine has it.
 */
public final class Decoders {

    private static final Pattern ZBAR_SOURCE = Pattern.compile(
            "<source href='([^']*)'>(.*?)</source>", Pattern.DOTALL);
    private static final Pattern ZBAR_DATA = Pattern.compile("<data><!\\[CDATA\\[(.*?)\\]\\]></data>", Pattern.DOTALL);
    /** zbarimg takes many files per run; a batch keeps the command line short. */
    private static final int ZBAR_BATCH = 40;

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

    /** Whether {@code zbarimg} is on this machine. */
    public static boolean zbarAvailable() {
        try {
            Process process = new ProcessBuilder("zbarimg", "--version").redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Decodes images with zbar, in batches through {@code zbarimg}; returns, per image in order, whether it read
     * the expected text.
     */
    public static List<Boolean> zbar(List<BufferedImage> images, List<String> expected, Path workDir) {
        List<Boolean> read = new ArrayList<>();
        for (int start = 0; start < images.size(); start += ZBAR_BATCH) {
            int end = Math.min(images.size(), start + ZBAR_BATCH);
            read.addAll(zbarBatch(images.subList(start, end), expected.subList(start, end), workDir));
        }
        return read;
    }

    private static List<Boolean> zbarBatch(List<BufferedImage> images, List<String> expected, Path workDir) {
        try {
            List<String> command = new ArrayList<>(List.of("zbarimg", "--xml", "-q", "-Sdisable", "-Sqrcode.enable"));
            List<Path> files = new ArrayList<>();
            for (int i = 0; i < images.size(); i++) {
                Path file = workDir.resolve("zbar-" + i + ".png");
                ImageIO.write(images.get(i), "png", file.toFile());
                files.add(file);
                command.add(file.toString());
            }
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String xml = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor(5, TimeUnit.MINUTES);
            Map<String, List<String>> decoded = new HashMap<>();
            Matcher source = ZBAR_SOURCE.matcher(xml);
            while (source.find()) {
                List<String> texts = new ArrayList<>();
                Matcher data = ZBAR_DATA.matcher(source.group(2));
                while (data.find()) {
                    texts.add(data.group(1));
                }
                decoded.put(source.group(1), texts);
            }
            List<Boolean> read = new ArrayList<>();
            for (int i = 0; i < files.size(); i++) {
                read.add(decoded.getOrDefault(files.get(i).toString(), List.of()).contains(expected.get(i)));
                Files.delete(files.get(i));
            }
            return read;
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
