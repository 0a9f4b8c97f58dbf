package dev.qrforge.render;

import java.awt.image.BufferedImage;
import java.util.Objects;

/**
 * An image in the middle of the code.
 *
 * @param image        the decoded logo; renderers only read it
 * @param size         its largest side as a fraction of the symbol's width (the modules, not the quiet zone)
 * @param margin       light space around it, in modules
 * @param clearModules whether the modules under the logo and its margin are left out (else it is drawn over them)
 */
public record Logo(BufferedImage image, double size, double margin, boolean clearModules) {

    public Logo {
        Objects.requireNonNull(image, "image");
        if (!(size > 0 && size < 1) || margin < 0) {
            throw new IllegalArgumentException("a logo needs a size in (0, 1) and a margin of 0 or more");
        }
    }
}
