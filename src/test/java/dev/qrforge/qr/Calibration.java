package dev.qrforge.qr;

import dev.qrforge.api.WireNames;
import dev.qrforge.images.ClientImages;
import dev.qrforge.images.ImageFile;
import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Eye;
import dev.qrforge.render.EyeBallStyle;
import dev.qrforge.render.EyeFrameStyle;
import dev.qrforge.render.Eyes;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import dev.qrforge.safety.Safety;
import dev.qrforge.testing.Decoding;
import dev.qrforge.testing.Logos;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The grid of designs the calibration suite renders: every body style × every eye frame × every eye ball exactly
 * once (13 × 7 × 7 = 637 designs), each with a colour pair, gradient, size, margin, logo and data length drawn from
 * a seeded generator, weighted towards what designers actually choose but reaching hopeless contrast, tiny sizes,
 * oversize logos, inverted colours and transparent codes on light and dark surfaces.
 */
public final class Calibration {

    /** A foreground on a background; background null is transparent, shown on {@code surface}. */
    record Colours(String name, Rgb foreground, Rgb background, Rgb surface) {
    }

    /** One design of the grid, and how it is shown to the decoders. */
    public record Case(int index, CodeSpec spec, Rgb surface) {

        Design design() {
            return spec.design();
        }
    }

    /** A case rendered, judged and decoded. */
    public record Outcome(Case of, Safety safety, int version, double modulePixels, double logoCoverage,
            BufferedImage shown) {
    }

    static final List<Colours> COLOURS = List.of(
            opaque("black/white", "#000000", "#ffffff"),
            opaque("navy/white", "#1b2a6b", "#ffffff"),
            opaque("green/cream", "#1e5b2e", "#f4f1e8"),
            opaque("grey30/white", "#4a4a4a", "#ffffff"),
            opaque("grey42/white", "#6b6b6b", "#ffffff"),
            opaque("grey50/white", "#7f7f7f", "#ffffff"),
            opaque("grey56/white", "#8e8e8e", "#ffffff"),
            opaque("grey63/white", "#a0a0a0", "#ffffff"),
            opaque("grey75/white", "#c0c0c0", "#ffffff"),
            opaque("grey88/white", "#e0e0e0", "#ffffff"),
            opaque("red/white", "#c62828", "#ffffff"),
            opaque("orange/white", "#f57c00", "#ffffff"),
            opaque("brown/yellow", "#5d4037", "#ffeb3b"),
            opaque("black/grey", "#000000", "#9e9e9e"),
            opaque("white/black", "#ffffff", "#000000"),
            opaque("yellow/navy", "#ffd54f", "#1a237e"),
            transparent("black/transparent on white", "#000000", "#ffffff"),
            transparent("navy/transparent on light grey", "#1b2a6b", "#e0e0e0"),
            transparent("grey50/transparent on white", "#7f7f7f", "#ffffff"),
            transparent("white/transparent on dark", "#ffffff", "#202020"));

    /** How often each colour pair is drawn: mostly what designers pick, enough of the rest to find the edges. */
    private static final int[] COLOUR_WEIGHTS = {8, 4, 3, 3, 2, 2, 2, 2, 2, 2, 3, 2, 2, 2, 2, 1, 4, 2, 1, 2};

    static final int[] SIZES = {100, 150, 200, 300, 500, 1000};
    private static final int[] SIZE_WEIGHTS = {2, 2, 2, 3, 2, 2};

    static final String[] DATA = {
        "https://qrf.example/s/Ab3dE9x",
        "https://shop.example.com/products/winter-jacket-2026?utm_source=print&utm_campaign=store",
        "https://shop.example.com/products/winter-jacket-2026/size-guide?utm_source=print&utm_medium=poster"
                + "&utm_campaign=store-window-2026&utm_content=variant-b&ref=qrforge-calibration&lang=en-GB#fit"};

    /** Every body style × eye frame × eye ball combination, once per pass. */
    private static final int COMBINATIONS = BodyStyle.values().length * EyeFrameStyle.values().length
            * EyeBallStyle.values().length;
    static final int PASSES = 2;

    private Calibration() {
    }

    static List<Case> grid() {
        int bodies = BodyStyle.values().length;
        int frames = EyeFrameStyle.values().length;
        ImageFile logo = ClientImages.read(Logos.pngDataUri(256), "design.logo", LogoReader.RULES);
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < COMBINATIONS * PASSES; i++) {
            Random random = new Random(1_000_003L * i + 17);
            int combination = i % COMBINATIONS;
            BodyStyle body = BodyStyle.values()[combination % bodies];
            EyeFrameStyle frame = EyeFrameStyle.values()[combination / bodies % frames];
            EyeBallStyle ball = EyeBallStyle.values()[combination / (bodies * frames)];
            Colours colours = COLOURS.get(weighted(random, COLOUR_WEIGHTS));
            Gradient gradient = switch (random.nextInt(8)) {
                case 0 -> new Gradient(GradientType.LINEAR, Rgb.parseHex("#3949ab").orElseThrow(), 45, true);
                case 1 -> new Gradient(GradientType.LINEAR, Rgb.parseHex("#b0b0b0").orElseThrow(), 90, true);
                case 2 -> new Gradient(GradientType.RADIAL, Rgb.parseHex("#00897b").orElseThrow(), 45, false);
                default -> null;
            };
            if (colours.foreground().relativeLuminance() > 0.5) {
                gradient = null;
            }
            int size = SIZES[weighted(random, SIZE_WEIGHTS)];
            int margin = switch (random.nextInt(10)) {
                case 0 -> 0;
                case 1 -> 1;
                case 2 -> 2;
                default -> 4;
            };
            LogoSpec logoSpec = switch (random.nextInt(10)) {
                case 0 -> new LogoSpec(logo, 0.1, 1, true);
                case 1 -> new LogoSpec(logo, 0.2, 1, true);
                case 2 -> new LogoSpec(logo, 0.25, 1, true);
                case 3 -> new LogoSpec(logo, 0.3, 1, true);
                case 4 -> new LogoSpec(logo, 0.3, 0, false);
                default -> null;
            };
            ErrorCorrection ec = switch (random.nextInt(6)) {
                case 0 -> ErrorCorrection.L;
                case 1 -> ErrorCorrection.Q;
                default -> QrRequestValidator.defaultErrorCorrection(logoSpec);
            };
            String data = DATA[random.nextInt(DATA.length)];
            Design design = new Design(body, colours.foreground(), colours.background(), gradient,
                    Eyes.same(new Eye(frame, ball, null, null)));
            cases.add(new Case(i, new CodeSpec(data, ImageFormat.PNG, size, margin, ec, design, logoSpec),
                    colours.surface()));
        }
        return cases;
    }

    /** Renders a case as the service does and shows it as a person would see it: on its surface, if transparent. */
    static Outcome render(Case c) {
        GeneratedCode code = CodeGenerator.generate(c.spec());
        BufferedImage image = Decoding.png(code.png());
        BufferedImage shown = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = shown.createGraphics();
        g.setColor(new Color(c.surface().rgb()));
        g.fillRect(0, 0, shown.getWidth(), shown.getHeight());
        g.drawImage(image, 0, 0, null);
        g.dispose();
        RenderSpec render = CodeGenerator.renderSpec(c.spec(), CodeGenerator.encode(c.spec()), c.spec().size());
        return new Outcome(c, code.safety(), code.version(), render.moduleSize(), render.logoCoverage(), shown);
    }

    /** Poor capture: contrast squeezed to 60 % around mid-grey, a defocus of a fifth of a module, sensor noise. */
    static final double CONTRAST = 0.6;
    static final double BLUR_MODULES = 0.2;
    static final double NOISE_LEVELS = 6;
    private static final int WHITE = 255;

    /** No capture is sharper than this: lenses, displays and print all spread a point over about a pixel. */
    static final double MIN_BLUR_PIXELS = 0.5;

    /** Pixels per module a phone camera typically resolves a code at, from a comfortable scanning distance. */
    static final double CAMERA_MODULE_PIXELS = 5;

    /**
     * The same image as a camera in poor conditions sees it: at most {@link #CAMERA_MODULE_PIXELS} per module,
     * contrast squeezed to 60 % (dim light, matte print), a defocus blur of a fifth of a module, and sensor noise.
     * A code that still decodes everywhere like this has margins to spare.
     */
    static BufferedImage stressed(BufferedImage image, double modulePixels, long seed) {
        double scale = Math.min(1, CAMERA_MODULE_PIXELS / modulePixels);
        if (scale < 1) {
            int edge = Math.max(1, (int) Math.round(image.getWidth() * scale));
            java.awt.Image smaller = image.getScaledInstance(edge, edge, java.awt.Image.SCALE_AREA_AVERAGING);
            BufferedImage resized = new BufferedImage(edge, edge, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = resized.createGraphics();
            g.drawImage(smaller, 0, 0, null);
            g.dispose();
            image = resized;
            modulePixels *= scale;
        }
        int width = image.getWidth();
        int height = image.getHeight();
        double[] grey = new double[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int rgb = image.getRGB(x, y);
                grey[y * width + x] = (0.299 * (rgb >> 16 & 0xff) + 0.587 * (rgb >> 8 & 0xff) + 0.114 * (rgb & 0xff));
            }
        }
        grey = blur(grey, width, height, Math.max(MIN_BLUR_PIXELS, BLUR_MODULES * modulePixels));
        Random noise = new Random(seed);
        BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                double v = WHITE * (1 - CONTRAST) / 2 + CONTRAST * grey[y * width + x]
                        + NOISE_LEVELS * noise.nextGaussian();
                int level = (int) Math.max(0, Math.min(255, Math.round(v)));
                out.getRaster().setSample(x, y, 0, level);
            }
        }
        return out;
    }

    private static double[] blur(double[] grey, int width, int height, double sigma) {
        int radius = (int) Math.ceil(3 * sigma);
        double[] kernel = new double[2 * radius + 1];
        double sum = 0;
        for (int i = -radius; i <= radius; i++) {
            kernel[i + radius] = Math.exp(-i * i / (2 * sigma * sigma));
            sum += kernel[i + radius];
        }
        for (int i = 0; i < kernel.length; i++) {
            kernel[i] /= sum;
        }
        double[] across = new double[grey.length];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                double v = 0;
                for (int k = -radius; k <= radius; k++) {
                    v += kernel[k + radius] * grey[y * width + Math.max(0, Math.min(width - 1, x + k))];
                }
                across[y * width + x] = v;
            }
        }
        double[] down = new double[grey.length];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                double v = 0;
                for (int k = -radius; k <= radius; k++) {
                    v += kernel[k + radius] * across[Math.max(0, Math.min(height - 1, y + k)) * width + x];
                }
                down[y * width + x] = v;
            }
        }
        return down;
    }

    private static Colours opaque(String name, String foreground, String background) {
        Rgb bg = Rgb.parseHex(background).orElseThrow();
        return new Colours(name, Rgb.parseHex(foreground).orElseThrow(), bg, bg);
    }

    private static Colours transparent(String name, String foreground, String surface) {
        return new Colours(name, Rgb.parseHex(foreground).orElseThrow(), null, Rgb.parseHex(surface).orElseThrow());
    }

    private static int weighted(Random random, int[] weights) {
        int total = 0;
        for (int w : weights) {
            total += w;
        }
        int pick = random.nextInt(total);
        for (int i = 0; i < weights.length; i++) {
            pick -= weights[i];
            if (pick < 0) {
                return i;
            }
        }
        throw new IllegalStateException();
    }

    /** A case as people read it, e.g. "dots body, square/circle eyes, #000000 on #ffffff, 300 px, margin 4, H". */
    static String describe(Case c) {
        CodeSpec s = c.spec();
        Design d = s.design();
        String ground = d.transparent() ? "transparent on " + c.surface().hex() : d.background().hex();
        return WireNames.of(d.bodyStyle()) + " body, " + WireNames.of(d.eyes().topLeft().frameStyle()) + "/"
                + WireNames.of(d.eyes().topLeft().ballStyle()) + " eyes, " + d.foreground().hex()
                + (d.gradient() == null ? "" : " " + WireNames.of(d.gradient().type()) + " to " + d.gradient().color2().hex())
                + " on " + ground + ", " + s.size() + " px, margin " + s.margin() + ", " + s.errorCorrection()
                + (s.logo() == null ? "" : ", logo " + s.logo().size() + (s.logo().clearModules() ? "" : " over"))
                + ", " + s.data().length() + " chars";
    }
}
