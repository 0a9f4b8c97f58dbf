package dev.qrforge.testing;

import java.util.zip.Deflater;
import java.util.zip.CRC32;
import java.util.Arrays;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.RadialGradientPaint;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.Random;
import javax.imageio.ImageIO;

/** Backgrounds drawn with Java2D for the tests, and their files as a request carries them. */
public final class Backgrounds {

    public static final int WIDTH = 640;
    public static final int HEIGHT = 480;

    private Backgrounds() {
    }

    public static BufferedImage flat(Color color) {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(color);
        g.fillRect(0, 0, WIDTH, HEIGHT);
        g.dispose();
        return image;
    }

    /** Black and white speckles of 3 px, as busy as texture gets; seeded, so every run sees the same image. */
    public static BufferedImage noise() {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Random random = new Random(42);
        int cell = 3;
        for (int y = 0; y < HEIGHT; y += cell) {
            for (int x = 0; x < WIDTH; x += cell) {
                int rgb = random.nextBoolean() ? 0xffffff : 0x000000;
                for (int dy = 0; dy < cell && y + dy < HEIGHT; dy++) {
                    for (int dx = 0; dx < cell && x + dx < WIDTH; dx++) {
                        image.setRGB(x + dx, y + dy, rgb);
                    }
                }
            }
        }
        return image;
    }

    /** Diagonal dark-blue and cream stripes, 7 px wide. */
    public static BufferedImage stripes() {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < HEIGHT; y++) {
            for (int x = 0; x < WIDTH; x++) {
                image.setRGB(x, y, (x + y) / 7 % 2 == 0 ? 0x1a2a5a : 0xf5eedc);
            }
        }
        return image;
    }

    /** A pale sky, lighter towards a sun: smooth like a photo's out-of-focus backdrop. */
    public static BufferedImage sky() {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setPaint(new GradientPaint(0, 0, new Color(0xc6dcf2), 0, HEIGHT, new Color(0xf4efe2)));
        g.fillRect(0, 0, WIDTH, HEIGHT);
        g.setPaint(new RadialGradientPaint(WIDTH * 0.7f, HEIGHT * 0.3f, HEIGHT * 0.4f, new float[] {0, 1},
                new Color[] {new Color(255, 250, 230, 200), new Color(255, 250, 230, 0)}));
        g.fillRect(0, 0, WIDTH, HEIGHT);
        g.dispose();
        return image;
    }

    public static byte[] file(BufferedImage image, String format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(image, format, out)) {
                throw new IllegalStateException("no ImageIO writer for " + format);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public static String base64(byte[] file) {
        return Base64.getEncoder().encodeToString(file);
    }

    public static String pngDataUri(BufferedImage image) {
        return "data:image/png;base64," + base64(file(image, "png"));
    }

    public static String jpegDataUri(BufferedImage image) {
        return "data:image/jpeg;base64," + base64(file(image, "jpeg"));
    }

    /** A PNG whose header claims the given size, followed by a little compressed data and the end marker. */
    public static byte[] pngClaiming(int width, int height) {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        png.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        byte bitDepth = 8;
        byte truecolour = 2;
        chunk(png, "IHDR", ByteBuffer.allocate(13).putInt(width).putInt(height).put(bitDepth).put(truecolour)
                .put((byte) 0).put((byte) 0).put((byte) 0).array());
        // A megabyte of zeros deflates to about a kilobyte: the start of a decompression bomb.
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        deflater.setInput(new byte[1 << 20]);
        deflater.finish();
        byte[] buffer = new byte[1 << 16];
        chunk(png, "IDAT", Arrays.copyOf(buffer, deflater.deflate(buffer)));
        chunk(png, "IEND", new byte[0]);
        return png.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream png, String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        png.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        png.writeBytes(typeBytes);
        png.writeBytes(data);
        png.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
