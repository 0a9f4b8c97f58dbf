package dev.qrforge.qr;

import dev.qrforge.render.Cmyk;
import dev.qrforge.render.PrintPage;
import dev.qrforge.render.Rgb;
import java.util.Map;
import java.util.Objects;

/**
 * How a code's size was asked for and how its colours are written: what PDF/EPS pages, raster densities and records
 * need beyond the pixel edge {@link CodeSpec#size()} that rendering and verification work with.
 *
 * @param unit       the unit {@code size} is in
 * @param size       the edge in that unit (for {@link SizeUnit#PX} the pixels, as {@link CodeSpec#size()})
 * @param dpi        pixels per inch of a physically sized raster file; null otherwise (pixels, or a vector file)
 * @param colorSpace RGB, or CMYK inks (PDF and EPS only)
 * @param cmykInks   the colours of the design given explicitly as {@code cmyk(…)}, by their RGB equivalent
 */
public record PrintSize(SizeUnit unit, double size, Integer dpi, ColorSpace colorSpace, Map<Rgb, Cmyk> cmykInks) {

    /** CSS pixels per inch: what 1 px means on a PDF or EPS page, as an SVG's width means it. */
    public static final double CSS_PIXELS_PER_INCH = 96;

    public PrintSize {
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(colorSpace, "colorSpace");
        cmykInks = Map.copyOf(cmykInks);
    }

    /** A size in pixels, in RGB: what every code was before print formats. */
    public static PrintSize pixels(int size) {
        return new PrintSize(SizeUnit.PX, size, null, ColorSpace.RGB, Map.of());
    }

    /** The edge in inches: the physical size, or for pixels their size at {@link #CSS_PIXELS_PER_INCH}. */
    double inches() {
        return unit.physical() ? unit.inches(size) : size / CSS_PIXELS_PER_INCH;
    }

    /** The page of a PDF or EPS file of this size and colour space. */
    PrintPage page() {
        double points = inches() * PrintPage.POINTS_PER_INCH;
        return new PrintPage(points, !unit.physical(), colorSpace == ColorSpace.CMYK ? cmykInks : null);
    }

    /** The density a raster file states, or 0 for none (sizes in pixels). */
    int statedDpi() {
        return dpi == null ? 0 : dpi;
    }
}
