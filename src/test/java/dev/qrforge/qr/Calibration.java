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
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.render.Rgb;
import dev.qrforge.safety.CameraView;
import dev.qrforge.safety.GreyImage;
import dev.qrforge.safety.Readback;
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
 * The grid of designs the calibration suite renders, drawn from a generator with a fixed seed: every body style ×
 * every eye frame × every eye ball once (13 × 7 × 7 = 637 designs), then {@link #RANDOM_CASES} more with every trait
 * drawn at random. Each has a colour pair, gradient (some ending in light colours), module size (1.5 to 12 pixels per
 * module), margin, error correction, logo (a flat mark, a photograph as JPEG, or concentric squares like an eye;
 * cleared or drawn over) and data length, weighted towards what designers actually choose but reaching hopeless
 * contrast, tiny modules, oversize logos, inverted colours and transparent codes on light and dark surfaces.
 */
public final class Calibration {

    /** A foreground on a background; background null is transparent, shown on {@code surface}. */
    record Colours(String name, Rgb foreground, Rgb background, Rgb surface) {
    }

    /**
     * One design of the grid, and how it is shown to the decoders; {@code logo} names the logo's kind; {@code ordinary}
     * whether it is of the band of designs a brand picks without a second thought; {@code heldOut} whether it is in
     * the part the verdict was not fitted on.
     */
    public record Case(int index, CodeSpec spec, Rgb surface, String logo, boolean ordinary, boolean heldOut) {

        Design design() {
            return spec.design();
        }
    }

    /** A case rendered and judged, with the evidence the verdict was drawn from. */
    public record Outcome(Case of, Safety safety, Readback readback, RenderSpec render, BufferedImage shown) {

        double modulePixels() {
            return render.moduleSize();
        }
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

    /** Module sizes are drawn log-uniformly from this range, in image pixels per module. */
    static final double MIN_MODULE_PIXELS = 1.5;
    static final double MAX_MODULE_PIXELS = 12;

    /** Second gradient colours: dark ones, and light ones a designer picks for a soft look. */
    private static final List<Rgb> GRADIENT_ENDS = List.of("#3949ab", "#00897b", "#b0b0b0", "#9fa8da", "#ffcc80",
            "#c8e6c9", "#e0e0e0").stream().map(hex -> Rgb.parseHex(hex).orElseThrow()).toList();

    static final String[] DATA = {
        "https://qrf.example/s/Ab3dE9x",
        "https://shop.example.com/products/winter-jacket-2026?utm_source=print&utm_campaign=store",
        "https://shop.example.com/products/winter-jacket-2026/size-guide?utm_source=print&utm_medium=poster"
                + "&utm_campaign=store-window-2026&utm_content=variant-b&ref=qrforge-calibration&lang=en-GB#fit"};

    /** Every body style × eye frame × eye ball combination, once. */
    static final int COMBINATIONS = BodyStyle.values().length * EyeFrameStyle.values().length
            * EyeBallStyle.values().length;
    static final int RANDOM_CASES = 1500;
    private static final long SEED = 20_261_125L;

    /**
     * The band of ordinary brand designs: dark on light at 4.5:1 or more, opaque, 8 to 12 pixels per module, quiet
     * zone 4, square, rounded or cut eye frames, no logo; any body style and eye ball, a quarter of them with a
     * gradient between two dark colours.
     */
    static final int ORDINARY_CASES = 500;
    private static final List<Rgb> BRAND_DARKS = List.of("#000000", "#1b2a6b", "#1e5b2e", "#4a148c", "#b71c1c",
            "#263238", "#0d47a1", "#004d40", "#3e2723", "#37474f", "#5d4037", "#c62828").stream()
            .map(hex -> Rgb.parseHex(hex).orElseThrow()).toList();
    private static final List<Rgb> BRAND_LIGHTS = List.of("#ffffff", "#ffffff", "#f4f1e8", "#fafafa", "#fff8e1",
            "#e3f2fd", "#f1f8e9").stream().map(hex -> Rgb.parseHex(hex).orElseThrow()).toList();
    private static final double ORDINARY_CONTRAST = 4.5;
    private static final double ORDINARY_MIN_MODULE_PIXELS = 8;
    private static final EyeFrameStyle[] ORDINARY_FRAMES = {EyeFrameStyle.SQUARE, EyeFrameStyle.ROUNDED,
        EyeFrameStyle.CUT};

    /** Which half of the grid the verdict's fit may see: a split drawn once, from its own seed. */
    private static final long SPLIT_SEED = 35L;

    private Calibration() {
    }

    static List<Case> grid() {
        BodyStyle[] bodies = BodyStyle.values();
        EyeFrameStyle[] frames = EyeFrameStyle.values();
        EyeBallStyle[] balls = EyeBallStyle.values();
        ImageFile mark = ClientImages.read(Logos.pngDataUri(256), "design.logo", LogoReader.RULES);
        ImageFile finderLike = ClientImages.read(Logos.finderLikePngDataUri(252, new Color(0x1b2a6b)), "design.logo",
                LogoReader.RULES);
        List<ImageFile> photos = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            photos.add(ClientImages.read(Logos.photoJpegDataUri(256, p), "design.logo", LogoReader.RULES));
        }
        Random random = new Random(SEED);
        Random split = new Random(SPLIT_SEED);
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < COMBINATIONS + RANDOM_CASES; i++) {
            BodyStyle body;
            EyeFrameStyle frame;
            EyeBallStyle ball;
            if (i < COMBINATIONS) {
                body = bodies[i % bodies.length];
                frame = frames[i / bodies.length % frames.length];
                ball = balls[i / (bodies.length * frames.length)];
            } else {
                body = bodies[random.nextInt(bodies.length)];
                frame = frames[random.nextInt(frames.length)];
                ball = balls[random.nextInt(balls.length)];
            }
            Colours colours = COLOURS.get(weighted(random, COLOUR_WEIGHTS));
            Gradient gradient = random.nextInt(3) > 0 || colours.foreground().relativeLuminance() > 0.5 ? null
                    : new Gradient(random.nextBoolean() ? GradientType.LINEAR : GradientType.RADIAL,
                            GRADIENT_ENDS.get(random.nextInt(GRADIENT_ENDS.size())), 45 * random.nextInt(8),
                            random.nextBoolean());
            int margin = switch (random.nextInt(10)) {
                case 0 -> 0;
                case 1 -> 1;
                case 2 -> 2;
                default -> 4;
            };
            String logoKind = "none";
            LogoSpec logoSpec = null;
            int logoPick = random.nextInt(20);
            if (logoPick < 8) {
                double size = 0.1 + 0.05 * random.nextInt(5);
                boolean clear = random.nextInt(4) > 0;
                ImageFile file = logoPick < 4 ? mark : logoPick < 7 ? photos.get(random.nextInt(photos.size()))
                        : finderLike;
                logoKind = (logoPick < 4 ? "flat mark" : logoPick < 7 ? "photo" : "finder-like");
                logoSpec = new LogoSpec(file, size, clear ? 1 : 0, clear);
            }
            ErrorCorrection ec = switch (random.nextInt(6)) {
                case 0 -> ErrorCorrection.L;
                case 1 -> ErrorCorrection.Q;
                default -> QrRequestValidator.defaultErrorCorrection(logoSpec);
            };
            String data = DATA[random.nextInt(DATA.length)];
            double modulePixels = MIN_MODULE_PIXELS * Math.pow(MAX_MODULE_PIXELS / MIN_MODULE_PIXELS,
                    random.nextDouble());
            int totalModules = QrEncoder.encode(data, ec).modules() + 2 * margin;
            int size = Math.max(QrRequestValidator.MIN_SIZE, (int) Math.round(modulePixels * totalModules));
            Design design = new Design(body, colours.foreground(), colours.background(), gradient,
                    Eyes.same(new Eye(frame, ball, null, null)));
            cases.add(new Case(i, new CodeSpec(data, ImageFormat.PNG, size, margin, ec, design, logoSpec),
                    colours.surface(), logoKind, false, split.nextBoolean()));
        }
        for (int i = 0; i < ORDINARY_CASES; i++) {
            cases.add(ordinary(cases.size(), random, split.nextBoolean()));
        }
        return cases;
    }

    private static Case ordinary(int index, Random random, boolean heldOut) {
        Rgb background = BRAND_LIGHTS.get(random.nextInt(BRAND_LIGHTS.size()));
        List<Rgb> darks = BRAND_DARKS.stream().filter(c -> Rgb.contrastRatio(c, background) >= ORDINARY_CONTRAST).toList();
        Rgb foreground = darks.get(random.nextInt(darks.size()));
        Gradient gradient = random.nextInt(4) > 0 ? null : new Gradient(
                random.nextBoolean() ? GradientType.LINEAR : GradientType.RADIAL,
                darks.get(random.nextInt(darks.size())), 45 * random.nextInt(8), random.nextBoolean());
        BodyStyle[] bodies = BodyStyle.values();
        Design design = new Design(bodies[random.nextInt(bodies.length)], foreground, background, gradient,
                Eyes.same(new Eye(ORDINARY_FRAMES[random.nextInt(ORDINARY_FRAMES.length)],
                        EyeBallStyle.values()[random.nextInt(EyeBallStyle.values().length)], null, null)));
        String data = DATA[random.nextInt(DATA.length)];
        ErrorCorrection ec = QrRequestValidator.defaultErrorCorrection(null);
        double modulePixels = ORDINARY_MIN_MODULE_PIXELS + (MAX_MODULE_PIXELS - ORDINARY_MIN_MODULE_PIXELS)
                * random.nextDouble();
        int margin = 4;
        int size = (int) Math.ceil(modulePixels * (QrEncoder.encode(data, ec).modules() + 2 * margin));
        return new Case(index, new CodeSpec(data, ImageFormat.PNG, size, margin, ec, design, null), background,
                "none", true, heldOut);
    }

    /** Renders a case as the service does and shows it as a person would see it: on its surface, if transparent. */
    static Outcome render(Case c) {
        CodeGenerator.Drawn drawn = CodeGenerator.drawn(c.spec(), CodeGenerator.encode(c.spec()));
        GeneratedCode code = drawn.code();
        BufferedImage image = Decoding.png(code.png());
        BufferedImage shown = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = shown.createGraphics();
        g.setColor(new Color(c.surface().rgb()));
        g.fillRect(0, 0, shown.getWidth(), shown.getHeight());
        g.drawImage(image, 0, 0, null);
        g.dispose();
        RenderSpec render = CodeGenerator.renderSpec(code.spec(), CodeGenerator.encode(code.spec()), c.spec().size());
        return new Outcome(c, code.safety(), drawn.readback(), render, shown);
    }

    /** The image as the verdict's {@link CameraView} sees it: a third of its edge, blurred. */
    static BufferedImage cameraView(BufferedImage image) {
        int width = image.getWidth();
        byte[] grey = new byte[width * image.getHeight()];
        for (int i = 0; i < grey.length; i++) {
            grey[i] = (byte) GreyImage.grey(image.getRGB(i % width, i / width));
        }
        GreyImage view = CameraView.of(new GreyImage(grey, width, image.getHeight()));
        // RGB, not TYPE_BYTE_GRAY: Java reads a grey image's pixels back through a linear colour space, which would
        // lighten every grey level the decoders are given.
        BufferedImage out = new BufferedImage(view.width(), view.height(), BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < view.height(); y++) {
            for (int x = 0; x < view.width(); x++) {
                int level = view.at(x, y);
                out.setRGB(x, y, level << 16 | level << 8 | level);
            }
        }
        return out;
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
                + " on " + ground + ", " + s.size() + " px (" + String.format(java.util.Locale.ROOT, "%.1f",
                (double) s.size() / (CodeGenerator.encode(s).modules() + 2 * s.margin())) + " px/module), margin " + s.margin() + ", " + s.errorCorrection()
                + (s.logo() == null ? "" : ", " + c.logo() + " logo " + s.logo().size()
                + (s.logo().clearModules() ? "" : " over"))
                + ", " + s.data().length() + " chars";
    }
}
