package dev.qrforge.qr;

import dev.qrforge.images.ClientImages;
import dev.qrforge.images.ImageFile;
import dev.qrforge.images.ImageKind;
import dev.qrforge.render.Logo;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.Objects;

/**
 * The logo a code asks for: the client's file, checked up to its header, and where it goes.
 *
 * @param size         its largest side as a fraction of the symbol's width
 * @param margin       light space around it, in modules
 * @param clearModules whether the modules under it are left out
 */
public record LogoSpec(ImageFile file, double size, double margin, boolean clearModules) {

    /** The longest side logos are drawn from: sharper than any code needs, small enough to hold cheaply. */
    static final int MAX_DRAWN_EDGE = 1024;

    private static final String FIELD = "design.logo";

    public LogoSpec {
        Objects.requireNonNull(file, "file");
    }

    /** The reference records carry instead of the file: {@code sha256:<hex>}. */
    public String reference() {
        return DesignJson.LOGO_REFERENCE + file.sha256();
    }

    /** The heap drawing the logo holds: the decoded file, the image drawn from it, and its PNG inside an SVG. */
    public long memoryCost() {
        return file.decodeBytes() + 2L * MAX_DRAWN_EDGE * MAX_DRAWN_EDGE * Integer.BYTES;
    }

    /**
     * The logo as renderers draw it, its longer side {@code edge} pixels (or the file's own, if smaller, for the
     * renderer to scale up smoothly). An SVG is drawn at that size; a larger bitmap is reduced by halves, each step
     * averaging neighbours, which keeps thin lines that a single bilinear step would skip.
     */
    Logo draw(int edge) {
        int target = Math.max(1, Math.min(edge, MAX_DRAWN_EDGE));
        int longest = Math.max(file.width(), file.height());
        BufferedImage image;
        if (file.kind() == ImageKind.SVG) {
            double scale = (double) target / longest;
            image = ClientImages.rasterise(file, scaled(file.width(), scale), scaled(file.height(), scale), FIELD);
        } else {
            image = ClientImages.decode(file, FIELD);
            while (Math.max(image.getWidth(), image.getHeight()) > target) {
                double scale = Math.max(0.5, (double) target / Math.max(image.getWidth(), image.getHeight()));
                image = resized(image, scaled(image.getWidth(), scale), scaled(image.getHeight(), scale));
            }
        }
        return new Logo(image, size, margin, clearModules);
    }

    private static int scaled(int length, double scale) {
        return Math.max(1, (int) Math.round(length * scale));
    }

    private static BufferedImage resized(BufferedImage source, int width, int height) {
        BufferedImage resized = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = resized.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.drawImage(source, 0, 0, width, height, null);
        } finally {
            g.dispose();
        }
        return resized;
    }
}
