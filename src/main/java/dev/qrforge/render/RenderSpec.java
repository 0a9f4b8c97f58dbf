package dev.qrforge.render;

import java.util.BitSet;
import java.util.Objects;

/**
 * Everything a renderer needs to draw one code. SVG and raster output share this geometry exactly: the code is
 * {@code size} pixels square, split evenly into {@link #totalModules()} modules per side, with the symbol inset by
 * {@code margin} modules of background. The image is that square, or, with a frame ({@link Design#frame()}), larger:
 * {@link #imageWidth()} × {@link #imageHeight()}, the code's square at ({@link #codeX()}, {@link #codeY()}).
 * Renderers draw {@link Layers} in module units, the symbol's top-left corner at ({@link #symbolX()},
 * {@link #symbolY()}) of the image, over the background filling the whole image.
 *
 * @param matrix the symbol
 * @param size   the code's edge in pixels (the image's without a frame); callers enforce the API's range, this
 *               record only rejects nonsense
 * @param margin the quiet zone on each side, in modules
 * @param design colours and styles
 * @param logo   the image in the middle, or null
 */
public record RenderSpec(QrMatrix matrix, int size, int margin, Design design, Logo logo) {

    /** A module's centre, as a fraction of the module from its top-left corner. */
    private static final double MODULE_CENTRE = 0.5;

    public RenderSpec {
        Objects.requireNonNull(matrix, "matrix");
        Objects.requireNonNull(design, "design");
        if (size < 1) {
            throw new IllegalArgumentException("size must be positive, got " + size);
        }
        if (margin < 0) {
            throw new IllegalArgumentException("margin must not be negative, got " + margin);
        }
    }

    /** Without a logo. */
    public RenderSpec(QrMatrix matrix, int size, int margin, Design design) {
        this(matrix, size, margin, design, null);
    }

    /** The same code at another size. */
    public RenderSpec withSize(int otherSize) {
        return new RenderSpec(matrix, otherSize, margin, design, logo);
    }

    /** The same code without its frame: what a framed image holds in the code's square. */
    RenderSpec unframed() {
        return new RenderSpec(matrix, size, margin, design.withFrame(Frame.NONE), logo);
    }

    /** Returns the image's edge in modules: the symbol plus the quiet zone on both sides. */
    public int totalModules() {
        return matrix.modules() + 2 * margin;
    }

    /** Returns the edge of one module in pixels; rarely a whole number, which is why renderers anti-alias. */
    public double moduleSize() {
        return (double) size / totalModules();
    }

    /** Where the frame puts the code, its shapes and its caption, in whole pixels of the image. */
    FrameLayout frameLayout() {
        return FrameLayout.of(design.frame().style(), size, FrameLayout.Grid.PIXELS);
    }

    /** The image's width in pixels: the code's edge, plus the frame's on either side. */
    public int imageWidth() {
        return (int) frameLayout().width();
    }

    /** The image's height in pixels: the code's edge, plus the frame's above and below (a banner's band included). */
    public int imageHeight() {
        return (int) frameLayout().height();
    }

    /** The left edge of the code's square (quiet zone included) in the image, in whole pixels. */
    public int codeX() {
        return (int) frameLayout().codeX();
    }

    /** The top edge of the code's square (quiet zone included) in the image, in whole pixels. */
    public int codeY() {
        return (int) frameLayout().codeY();
    }

    /** The x of the symbol's top-left corner in the image, in pixels: where module space has its origin. */
    public double symbolX() {
        return codeX() + margin * moduleSize();
    }

    /** The y of the symbol's top-left corner in the image, in pixels. */
    public double symbolY() {
        return codeY() + margin * moduleSize();
    }

    /**
     * Returns the pixel at the centre of module {@code module}, counted from the code's edge (quiet zone included,
     * frame not), on either axis: where a scanner reads a module once it has found the grid.
     */
    public int moduleCentre(int module) {
        return (int) ((module + MODULE_CENTRE) * moduleSize());
    }

    /**
     * Where the logo is drawn, in module units from the symbol's top-left corner: {x, y, width, height}, the image
     * fitted into a square of {@code logo.size()} of the symbol's width, centred; null without a logo.
     */
    public double[] logoBox() {
        if (logo == null) {
            return null;
        }
        double edge = logo.size() * matrix.modules();
        double scale = edge / Math.max(logo.image().getWidth(), logo.image().getHeight());
        double width = logo.image().getWidth() * scale;
        double height = logo.image().getHeight() * scale;
        double centre = matrix.modules() / 2.0;
        return new double[] {centre - width / 2, centre - height / 2, width, height};
    }

    /**
     * The modules of the symbol left out to make room for the logo, those whose centre lies in the logo's box or
     * margin: bit {@code y * modules + x}. None without a logo or when it is drawn over the modules.
     */
    public BitSet clearedByLogo() {
        return logo != null && logo.clearModules() ? underLogo(logo.margin()) : new BitSet();
    }

    /**
     * The share of the symbol's modules a scanner cannot read because of the logo: those left out for it, or, when
     * it is drawn over the modules, those under it.
     */
    public double logoCoverage() {
        long modules = matrix.modules();
        return hiddenByLogo().cardinality() / (double) (modules * modules);
    }

    /**
     * The modules of the symbol a scanner cannot read because of the logo (see {@link #logoCoverage}): bit
     * {@code y * modules + x}.
     */
    public BitSet hiddenByLogo() {
        return logo == null ? new BitSet() : underLogo(logo.clearModules() ? logo.margin() : 0);
    }

    private BitSet underLogo(double margin) {
        double[] box = logoBox();
        int modules = matrix.modules();
        BitSet under = new BitSet(modules * modules);
        for (int y = 0; y < modules; y++) {
            double centreY = y + MODULE_CENTRE;
            for (int x = 0; x < modules; x++) {
                double centreX = x + MODULE_CENTRE;
                if (centreX > box[0] - margin && centreX < box[0] + box[2] + margin
                        && centreY > box[1] - margin && centreY < box[1] + box[3] + margin) {
                    under.set(y * modules + x);
                }
            }
        }
        return under;
    }
}
