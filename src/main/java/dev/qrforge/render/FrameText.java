package dev.qrforge.render;

import java.awt.Font;
import java.awt.FontFormatException;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.geom.PathIterator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.OptionalInt;

/**
 * A frame's caption, traced as glyph outlines of the bundled font, DejaVu Sans Bold (from {@code
 * net.sf.jasperreports:jasperreports-fonts}): read once from the class path, never a font of the server's, so every
 * server, and every output format, draws the same glyphs, and no output depends on a font being installed where it is
 * shown. Java's {@link TextLayout} shapes the text (joining scripts, marks, right-to-left runs) before it is traced.
 */
final class FrameText {

    static final String FONT_RESOURCE = "/net/sf/jasperreports/fonts/dejavu/DejaVuSans-Bold.ttf";

    /** Glyphs are laid out at this size in points and scaled into the caption's box, so hinting plays no part. */
    private static final float LAYOUT_SIZE = 100f;
    /** Fractional advances: where glyphs sit must not depend on rounding at the layout size. */
    private static final FontRenderContext CONTEXT = new FontRenderContext(null, true, true);
    /** The line (ascent plus descent) as a share of the box's height, leaving the box's edges clear. */
    private static final double LINE_SHARE = 0.62;
    /** Clear space at each end of the caption, as a share of the box's height. */
    private static final double END_SHARE = 0.25;
    /** A quadratic Bézier's control point lies 2/3 of the way from each end to the cubic's control points. */
    private static final double TWO_THIRDS = 2.0 / 3.0;

    private static final Font FONT = load();

    private FrameText() {
    }

    private static Font load() {
        try (InputStream in = FrameText.class.getResourceAsStream(FONT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the caption font " + FONT_RESOURCE + " is not on the class path");
            }
            return Font.createFont(Font.TRUETYPE_FONT, in).deriveFont(LAYOUT_SIZE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (FontFormatException e) {
            throw new IllegalStateException("the caption font " + FONT_RESOURCE + " cannot be read", e);
        }
    }

    /** The first code point of {@code text} the font has no glyph for, control characters included. */
    static OptionalInt undrawable(String text) {
        return text.codePoints().filter(c -> Character.isISOControl(c) || !FONT.canDisplay(c)).findFirst();
    }

    /**
     * Traces {@code text} centred in the box at ({@code x}, {@code y}), {@code width} by {@code height} (the sink's
     * units), as large as fits: its line a fixed share of the box's height, narrower if it is long.
     */
    static void trace(String text, double x, double y, double width, double height, OutlineSink sink) {
        if (text.isEmpty()) {
            return;
        }
        TextLayout layout = new TextLayout(text, FONT, CONTEXT);
        double line = layout.getAscent() + layout.getDescent();
        double advance = layout.getVisibleAdvance();
        if (advance <= 0) {
            return;
        }
        double room = width - 2 * END_SHARE * height;
        double scale = Math.min(LINE_SHARE * height / line, room / advance);
        AffineTransform place = AffineTransform.getTranslateInstance(x + (width - advance * scale) / 2,
                y + height / 2 + (layout.getAscent() - layout.getDescent()) / 2 * scale);
        place.scale(scale, scale);
        trace(layout.getOutline(place).getPathIterator(null), sink);
    }

    /** Hands a Java2D path to {@code sink}, quadratic curves as cubic ones, every figure closed. */
    static void trace(PathIterator path, OutlineSink sink) {
        double[] c = new double[6];
        double x = 0;
        double y = 0;
        boolean open = false;
        for (; !path.isDone(); path.next()) {
            switch (path.currentSegment(c)) {
                case PathIterator.SEG_MOVETO -> {
                    if (open) {
                        sink.close();
                    }
                    sink.moveTo(c[0], c[1]);
                    open = true;
                    x = c[0];
                    y = c[1];
                }
                case PathIterator.SEG_LINETO -> {
                    sink.lineTo(c[0], c[1]);
                    x = c[0];
                    y = c[1];
                }
                case PathIterator.SEG_QUADTO -> {
                    sink.curveTo(x + TWO_THIRDS * (c[0] - x), y + TWO_THIRDS * (c[1] - y),
                            c[2] + TWO_THIRDS * (c[0] - c[2]), c[3] + TWO_THIRDS * (c[1] - c[3]), c[2], c[3]);
                    x = c[2];
                    y = c[3];
                }
                case PathIterator.SEG_CUBICTO -> {
                    sink.curveTo(c[0], c[1], c[2], c[3], c[4], c[5]);
                    x = c[4];
                    y = c[5];
                }
                default -> {
                    sink.close();
                    open = false;
                }
            }
        }
        if (open) {
            sink.close();
        }
    }
}
