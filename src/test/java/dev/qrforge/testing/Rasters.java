package dev.qrforge.testing;

import dev.qrforge.render.RasterRenderer;
import dev.qrforge.render.RenderSpec;
import java.awt.image.BufferedImage;

/** Whole images of the renderer's row stream, for tests that look at pixels. */
public final class Rasters {

    private Rasters() {
    }

    /** The opaque image {@link RasterRenderer#streamRows} draws, frame included. */
    public static BufferedImage draw(RenderSpec spec) {
        int width = spec.imageWidth();
        BufferedImage image = new BufferedImage(width, spec.imageHeight(), BufferedImage.TYPE_INT_RGB);
        RasterRenderer.streamRows(spec, (y, pixels, offset) -> image.setRGB(0, y, width, 1, pixels, offset, width));
        return image;
    }
}
