package dev.qrforge.testing;

import dev.qrforge.render.RasterRenderer;
import dev.qrforge.render.RenderSpec;
import java.awt.image.BufferedImage;

/** Whole images of the renderer's row stream, for tests that look at pixels. */
public final class Rasters {

    private Rasters() {
    }

    /** The opaque {@code size}×{@code size} image {@link RasterRenderer#streamRows} draws. */
    public static BufferedImage draw(RenderSpec spec) {
        int size = spec.size();
        BufferedImage image = new BufferedImage(size, size, BufferedImage.TYPE_INT_RGB);
        RasterRenderer.streamRows(spec, (y, pixels, offset) -> image.setRGB(0, y, size, 1, pixels, offset, size));
        return image;
    }
}
