package dev.qrforge.qr;

import dev.qrforge.testing.Decoding;
import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.images.ClientImages;
import dev.qrforge.images.ImageFile;
import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.ErrorCorrection;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.QrMatrix;
import dev.qrforge.render.Rgb;
import dev.qrforge.safety.SafetyStatus;
import dev.qrforge.testing.Logos;
import dev.qrforge.testing.SlowCheck;
import java.awt.Color;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CodeGeneratorTest {

    private static final int URL_COUNT = 500;
    private static final String HOSTS = "example.com shop.example.org menu.cafe.example docs.example.net a.io";
    private static final String PATH_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-_/";

    /** Distinct URLs of 20 to about 300 characters with paths and query strings, the same on every run. */
    private static List<String> urls() {
        Random random = new Random(20240521);
        String[] hosts = HOSTS.split(" ");
        Set<String> urls = new LinkedHashSet<>();
        while (urls.size() < URL_COUNT) {
            StringBuilder url = new StringBuilder("https://").append(hosts[random.nextInt(hosts.length)]).append('/');
            int pathLength = random.nextInt(random.nextBoolean() ? 30 : 250);
            for (int i = 0; i < pathLength; i++) {
                url.append(PATH_CHARS.charAt(random.nextInt(PATH_CHARS.length())));
            }
            if (random.nextBoolean()) {
                url.append("?id=").append(random.nextInt(1_000_000)).append("&utm_source=qr");
            }
            urls.add(url.toString());
        }
        return List.copyOf(urls);
    }

    private static CodeSpec spec(String data, ImageFormat format, int size, Design design) {
        return new CodeSpec(data, format, size, 4, ErrorCorrection.M, design);
    }

    @Test
    @SlowCheck
    void typicalUrlsAreNeverRiskyAndAlwaysVerified() {
        List<String> urls = urls();
        assertThat(urls).hasSize(URL_COUNT);
        assertThat(urls.stream().mapToInt(String::length).max().orElseThrow()).isGreaterThan(250);
        // Each URL on its own core: generation is single-threaded and keeps nothing between codes.
        long otherMasks = urls.parallelStream().mapToLong(url -> {
            long redrawn = 0;
            for (ImageFormat format : ImageFormat.values()) {
                CodeSpec spec = spec(url, format, 300, Design.DEFAULT);
                GeneratedCode code = CodeGenerator.generate(spec);
                assertThat(code.safety().verified()).as("%s %s", format, url).isTrue();
                assertThat(code.safety().status()).as("%s %s", format, url).isNotEqualTo(SafetyStatus.RISKY);
                if (code.spec().mask() != CodeGenerator.encode(spec).mask()) {
                    redrawn++;
                    // Drawn again from the kept spec, it is the very same image.
                    assertThat(Decoding.bytes(CodeGenerator.image(code.spec(), CodeGenerator.encode(code.spec()))))
                            .isEqualTo(Decoding.bytes(code.file()));
                }
            }
            return redrawn;
        }).sum();
        // ZXing's detector misreads about 1 % of plain renderings with the standard's mask, and reads them with another.
        assertThat(otherMasks).isPositive();
    }

    @Test
    void deliversTheRequestedFormat() {
        GeneratedCode svg = CodeGenerator.generate(spec("https://example.com", ImageFormat.SVG, 300, Design.DEFAULT));
        GeneratedCode png = CodeGenerator.generate(spec("https://example.com", ImageFormat.PNG, 300, Design.DEFAULT));
        assertThat(svg.png()).isNull();
        assertThat(new String(Decoding.bytes(svg.file()), StandardCharsets.UTF_8)).isEqualTo(svg.svg())
                .startsWith("<svg");
        assertThat(png.svg()).isNull();
        assertThat(Decoding.bytes(png.file())).isEqualTo(Decoding.bytes(png.png())).startsWith(0x89, 'P', 'N', 'G');
        assertThat(Decoding.text(Decoding.png(png.png()))).isEqualTo("https://example.com");
        assertThat(svg.version()).isEqualTo(png.version()).isEqualTo(2);
    }

    @Test
    void styledCodesVerifyInBothFormats() {
        Design leaf = new Design(BodyStyle.ROUNDED_POINTED, Rgb.parseHex("#004d40").orElseThrow(), Rgb.WHITE, null);
        for (ImageFormat format : ImageFormat.values()) {
            GeneratedCode code = CodeGenerator.generate(spec("https://example.com/leaf", format, 500, leaf));
            assertThat(code.safety().verified()).as("%s", format).isTrue();
            assertThat(code.safety().status()).as("%s", format).isEqualTo(SafetyStatus.OPTIMAL);
        }
    }

    @Test
    void invertedCodesFailVerification() {
        Design inverted = new Design(BodyStyle.SQUARE, Rgb.WHITE, Rgb.BLACK, null);
        GeneratedCode code = CodeGenerator.generate(spec("https://example.com", ImageFormat.SVG, 300, inverted));
        assertThat(code.safety().verified()).isFalse();
        assertThat(code.safety().status()).isEqualTo(SafetyStatus.RISKY);
    }

    /**
     * The two kinds of design users found judged OPTIMAL although zbar could not read them: a photograph drawn over
     * dotted modules at about 5 px per module, and concentric squares (a fourth "eye") on a mosaic body.
     */
    @Test
    void logosThatMisleadScannersAreNeverOptimal() {
        String url = "https://shop.example.com/products/winter-jacket-2026?ref=poster";
        ImageFile photo = ClientImages.read(Logos.photoJpegDataUri(256, 7), "design.logo", LogoReader.RULES);
        GeneratedCode overDots = CodeGenerator.generate(new CodeSpec(url, ImageFormat.PNG, 271, 4, ErrorCorrection.H,
                new Design(BodyStyle.DOTS, Rgb.BLACK, Rgb.WHITE, null), new LogoSpec(photo, 0.22, 0, false)));
        assertThat(overDots.safety().status()).isNotEqualTo(SafetyStatus.OPTIMAL);
        assertThat(overDots.safety().warnings()).anySatisfy(w -> assertThat(w).contains("busy like a photograph",
                "drawn over the modules"));
        ImageFile squares = ClientImages.read(Logos.finderLikePngDataUri(252, Color.BLACK), "design.logo",
                LogoReader.RULES);
        GeneratedCode fourthEye = CodeGenerator.generate(new CodeSpec(url, ImageFormat.PNG, 600, 4, ErrorCorrection.H,
                new Design(BodyStyle.MOSAIC, Rgb.BLACK, Rgb.WHITE, null), new LogoSpec(squares, 0.2, 1, true)));
        assertThat(fourthEye.safety().status()).isNotEqualTo(SafetyStatus.OPTIMAL);
        assertThat(fourthEye.safety().warnings()).anySatisfy(w -> assertThat(w).contains("fourth eye"));
    }

    @Test
    void pngBytesCannotBeChangedFromOutside() {
        GeneratedCode code = CodeGenerator.generate(spec("https://example.com", ImageFormat.PNG, 300, Design.DEFAULT));
        assertThat(code.png().isReadOnly()).isTrue();
        code.png().position(8);
        assertThat(code.png().get(0)).isEqualTo((byte) 0x89);
        assertThat(code.png().position()).isZero();
    }

    /** The reservation admission control takes must cover everything a rendering allocates, let alone holds. */
    @Test
    @SlowCheck
    void theMemoryCostCoversWhatARenderingAllocates() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        Design gradient = new Design(BodyStyle.ROUNDED_POINTED, Rgb.parseHex("#1a237e").orElseThrow(), Rgb.WHITE,
                new Gradient(GradientType.RADIAL, Rgb.parseHex("#6a1b9a").orElseThrow()));
        List<CodeSpec> cases = new ArrayList<>();
        for (String data : List.of("https://example.com/a", "https://example.com/" + "x".repeat(1000))) {
            for (int size : new int[] {100, 1000, 5000}) {
                for (ImageFormat format : ImageFormat.values()) {
                    for (Design design : List.of(Design.DEFAULT, gradient)) {
                        cases.add(spec(data, format, size, design));
                    }
                }
            }
        }
        // A transparent code: the WebP encoder copies it with its alpha, four bytes a pixel.
        Design transparent = new Design(BodyStyle.SQUARE, Rgb.BLACK, null, null);
        cases.add(spec("https://example.com/a", ImageFormat.WEBP, 5000, transparent));
        // In parallel, as allocations are counted per thread: each case is drawn and measured on one thread.
        cases.parallelStream().forEach(request -> {
            QrMatrix matrix = CodeGenerator.encode(request);
            // One drawing: a code that does not read back is drawn again, each drawing's garbage collectable before
            // the next, and the cost allows for the image a retry holds besides. The first drawing warms this thread.
            CodeSpec spec = request.withMask(matrix.mask());
            CodeGenerator.generate(spec, matrix);
            long before = threads.getCurrentThreadAllocatedBytes();
            CodeGenerator.generate(spec, matrix);
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            assertThat(CodeGenerator.memoryCost(spec, matrix)).as("%s %d px, %d chars", spec.format(), spec.size(),
                    spec.data().length()).isGreaterThanOrEqualTo(allocated);
        });
    }
}
