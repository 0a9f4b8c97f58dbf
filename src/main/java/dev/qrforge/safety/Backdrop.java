package dev.qrforge.safety;

import java.util.Objects;

/**
 * What lies behind a code drawn with a transparent background over an image, as measured on the composite, for
 * {@link SafetyAssessor#assessPlaced}.
 *
 * @param area     where the code sits, as people read it, e.g. {@code "x=40, y=20, 300×300 px"}
 * @param contrast the WCAG contrast ratio between the code's dark modules and the image under its light modules and
 *                 quiet zone, taken from robust percentiles of both so a few stray pixels decide nothing; 1 when that
 *                 image is no lighter than the modules
 * @param busyness the typical WCAG contrast between neighbouring points of the image behind the code (the geometric
 *                 mean over neighbouring module centres): 1 for a flat area, larger the more textured it is
 */
public record Backdrop(String area, double contrast, double busyness) {

    public Backdrop {
        Objects.requireNonNull(area, "area");
        if (!(contrast >= 1) || !(busyness >= 1)) {
            throw new IllegalArgumentException("contrast ratios are at least 1, got " + contrast + " and " + busyness);
        }
    }
}
