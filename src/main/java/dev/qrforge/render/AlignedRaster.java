package dev.qrforge.render;

import java.util.Arrays;

/**
 * Draws a code made of nothing but square modules in one colour (square body and eyes, no gradient, logo or frame)
 * with every module edge on a whole pixel: each edge is moved to the nearest pixel boundary, so modules are the
 * image's pixels per module rounded down or up, and the image holds exactly two colours, which
 * {@link RasterRenderer#png} stores at one bit per pixel. Anti-aliasing such a code only greys the edges that fall
 * between pixels: scanners read the crisp image at least as well, and libqrencode and ZXing draw it this way too
 * (ZXing by whole-pixel modules and a wider quiet zone; here the code keeps its exact size and quiet zone instead).
 */
final class AlignedRaster {

    private static final int OPAQUE = 0xff000000;

    private AlignedRaster() {
    }

    /**
     * Whether {@code spec} is drawn this way: only square modules, one dark colour on a plain or transparent
     * background, and modules of at least a pixel.
     */
    static boolean applies(RenderSpec spec) {
        Design design = spec.design();
        return design.bodyStyle() == BodyStyle.SQUARE && design.gradient() == null && spec.logo() == null
                && !design.frame().present() && design.darkColours().size() == 1 && spec.moduleSize() >= 1
                && design.eyes().all().stream().allMatch(
                        eye -> eye.frameStyle() == EyeFrameStyle.SQUARE && eye.ballStyle() == EyeBallStyle.SQUARE);
    }

    /** The pixel of light modules and the quiet zone: the background, or transparent (all zero). */
    static int light(Design design) {
        return design.transparent() ? 0 : design.background().rgb();
    }

    /** The pixel of dark modules, with alpha where the design is transparent. */
    static int dark(Design design) {
        return design.transparent() ? OPAQUE | design.foreground().rgb() : design.foreground().rgb();
    }

    /** Hands {@code sink} the image's rows, top first, as {@link RasterRenderer#streamRows} does. */
    static void streamRows(RenderSpec spec, RowSink sink) {
        int width = spec.imageWidth();
        int height = spec.imageHeight();
        int light = light(spec.design());
        int dark = dark(spec.design());
        QrMatrix matrix = spec.matrix();
        int[] columns = edges(spec.symbolX(), spec.moduleSize(), matrix.modules());
        int[] rows = edges(spec.symbolY(), spec.moduleSize(), matrix.modules());
        int[] blank = new int[width];
        Arrays.fill(blank, light);
        int[] pixels = new int[width];
        int moduleRow = -1;
        for (int y = 0; y < height; y++) {
            if (y < rows[0] || y >= rows[rows.length - 1]) {
                sink.row(y, blank, 0);
                continue;
            }
            if (y >= rows[moduleRow + 1]) {
                // Rows between the same two edges are alike: each module row is filled once.
                do {
                    moduleRow++;
                } while (y >= rows[moduleRow + 1]);
                System.arraycopy(blank, 0, pixels, 0, width);
                for (int x = 0; x < matrix.modules(); x++) {
                    if (matrix.isDark(x, moduleRow)) {
                        Arrays.fill(pixels, columns[x], columns[x + 1], dark);
                    }
                }
            }
            sink.row(y, pixels, 0);
        }
    }

    /** The pixel boundaries of {@code modules} modules from {@code origin}, each rounded to the nearest. */
    static int[] edges(double origin, double moduleSize, int modules) {
        int[] edges = new int[modules + 1];
        for (int i = 0; i <= modules; i++) {
            edges[i] = (int) Math.round(origin + i * moduleSize);
        }
        return edges;
    }
}
