package dev.qrforge.render;

import java.util.Map;
import java.util.Objects;

/**
 * How a vector file (PDF, EPS) is laid out and coloured: its code's edge in PostScript points (1/72 in), and, for CMYK
 * output, the ink of each colour of the design. The page is the code's square, or with a frame the framed code: the
 * image of the same size in pixels, scaled as the code is, or, for a physical size, which has no pixels to round to,
 * the frame in its exact proportions ({@link FrameLayout.Grid#EXACT}).
 *
 * @param edgePoints the code's width and height in points, quiet zone included
 * @param inPixels   whether the size was given in pixels (each 1/96 in, as CSS and SVG have them), so that the frame
 *                   keeps the whole pixels of the image of that size
 * @param cmykInks   for CMYK output, the colours given explicitly as CMYK, by their sRGB equivalent (every other colour
 *                   is converted by {@link Cmyk#of}); null for RGB output
 */
public record PrintPage(double edgePoints, boolean inPixels, Map<Rgb, Cmyk> cmykInks) {

    /** Points per inch, PostScript's and PDF's unit. */
    public static final double POINTS_PER_INCH = 72;

    private static final float CHANNEL_MAX = 255;

    public PrintPage {
        if (!(edgePoints > 0)) {
            throw new IllegalArgumentException("a page needs a positive edge, got " + edgePoints);
        }
        cmykInks = cmykInks == null ? null : Map.copyOf(cmykInks);
    }

    /** An RGB page of a physical size, its code {@code edgePoints} wide. */
    public static PrintPage rgb(double edgePoints) {
        return new PrintPage(edgePoints, false, null);
    }

    public boolean cmyk() {
        return cmykInks != null;
    }

    /** The ink of {@code colour} on a CMYK page. */
    public Cmyk ink(Rgb colour) {
        Cmyk explicit = cmykInks.get(colour);
        return explicit != null ? explicit : Cmyk.of(colour);
    }

    /**
     * {@code colour} as the page writes it: CMYK inks or RGB, each component 0–1, the operands of PDF's {@code k}/
     * {@code rg} and PostScript's {@code setcmykcolor}/{@code setrgbcolor}.
     */
    float[] components(Rgb colour) {
        if (cmyk()) {
            return ink(colour).components();
        }
        return new float[] {colour.red() / CHANNEL_MAX, colour.green() / CHANNEL_MAX, colour.blue() / CHANNEL_MAX};
    }

    /** Points per module of {@code spec}'s code on this page. */
    double moduleSize(RenderSpec spec) {
        return edgePoints / spec.totalModules();
    }

    /** Points per pixel of {@code spec}'s code: the unit of the frame's {@link #layout}. */
    double pointsPerPixel(RenderSpec spec) {
        return edgePoints / spec.size();
    }

    /** Where the frame puts the code, its shapes and its caption on this page, in pixels of {@code spec}'s code. */
    FrameLayout layout(RenderSpec spec) {
        return FrameLayout.of(spec.design().frame().style(), spec.size(),
                inPixels ? FrameLayout.Grid.PIXELS : FrameLayout.Grid.EXACT);
    }

    /** The page's width in points: the code's edge, or the framed code's width. */
    public double width(RenderSpec spec) {
        return layout(spec).width() * pointsPerPixel(spec);
    }

    /** The page's height in points. */
    public double height(RenderSpec spec) {
        return layout(spec).height() * pointsPerPixel(spec);
    }

    /** The left edge of the code's square (quiet zone included) from the page's, in points. */
    public double codeX(RenderSpec spec) {
        return layout(spec).codeX() * pointsPerPixel(spec);
    }

    /** The top edge of the code's square (quiet zone included) from the page's, in points. */
    public double codeY(RenderSpec spec) {
        return layout(spec).codeY() * pointsPerPixel(spec);
    }
}
