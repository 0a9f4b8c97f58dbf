package dev.qrforge.it;

import static dev.qrforge.it.Api.post;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.render.RasterFiles;
import dev.qrforge.testing.Decoding;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The print formats (docs/api.md, "Print formats") through the running server: every format decodes as delivered,
 * the image endpoint and bulk archives give the same formats, and a 30 mm CMYK PDF is 30 mm. PDFs are read back by
 * PDFBox and by Poppler's pdftoppm, EPS by Ghostscript, each at 300 dpi: where those tools are missing the decodes
 * through them are skipped, loudly, unless {@code -Dit.require-print-tools=true} (as .ci/run sets) makes that a
 * failure.
 */
class PrintFormatsIT extends ServerTest {

    private static final List<String> FORMATS = List.of("svg", "png", "pdf", "eps", "jpeg", "webp");
    private static final Map<String, String> MEDIA_TYPES = Map.of("svg", "image/svg+xml", "png", "image/png",
            "pdf", "application/pdf", "eps", "application/postscript", "jpeg", "image/jpeg", "webp", "image/webp");
    private static final int PRINT_DPI = 300;
    private static final double MM_30_IN_POINTS = 30 / 25.4 * 72;

    @TempDir
    Path work;

    private static String unique(String what) {
        return "https://example.com/print/" + what + "/" + UUID.randomUUID();
    }

    /** Whether a tool of the machine is installed; when it is not, the decodes through it are skipped, loudly. */
    private static boolean tool(String name) {
        boolean found = List.of("/usr/bin/", "/usr/local/bin/", "/bin/").stream()
                .anyMatch(dir -> Files.isExecutable(Path.of(dir + name)));
        if (!found) {
            assertThat(Boolean.getBoolean("it.require-print-tools"))
                    .as(name + " is not installed (Debian's poppler-utils / ghostscript), and"
                            + " -Dit.require-print-tools=true").isFalse();
            System.err.println("PrintFormatsIT: SKIPPING the decode through " + name + ": it is not installed");
        }
        return found;
    }

    /** Decodes a delivered file of {@code format} by every means the machine has; returns what each read. */
    private List<String> decode(String format, byte[] file) throws IOException, InterruptedException {
        List<String> read = new ArrayList<>();
        switch (format) {
            case "svg" -> read.add(Decoding.svgText(new String(file, StandardCharsets.UTF_8)));
            case "png", "jpeg" -> read.add(Decoding.text(ImageIO.read(new ByteArrayInputStream(file))));
            case "webp" -> read.add(Decoding.text(RasterFiles.readWebp(file)));
            case "pdf" -> {
                try (PDDocument document = Loader.loadPDF(file)) {
                    read.add(Decoding.text(new PDFRenderer(document).renderImageWithDPI(0, PRINT_DPI, ImageType.RGB)));
                }
                if (tool("pdftoppm")) {
                    read.add(Decoding.text(external(file, "pdf", "pdftoppm", "-r", "300", "-png", "-singlefile",
                            "%in", "%out")));
                }
            }
            case "eps" -> {
                if (tool("gs")) {
                    read.add(Decoding.text(external(file, "eps", "gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE",
                            "-dEPSCrop", "-sDEVICE=png16m", "-r300", "-sOutputFile=%out.png", "%in")));
                }
            }
            default -> throw new AssertionError(format);
        }
        return read;
    }

    /** Runs {@code command} on the file ({@code %in}) and reads the PNG it writes ({@code %out} plus .png). */
    private BufferedImage external(byte[] file, String extension, String... command)
            throws IOException, InterruptedException {
        Path in = Files.write(work.resolve(UUID.randomUUID() + "." + extension), file);
        Path out = work.resolve(UUID.randomUUID().toString());
        List<String> args = new ArrayList<>();
        for (String arg : command) {
            args.add(arg.replace("%in", in.toString()).replace("%out", out.toString()));
        }
        Process process = new ProcessBuilder(args).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as(args + " finished").isTrue();
        assertThat(process.exitValue()).as(args + ": " + output).isZero();
        return ImageIO.read(Path.of(out + ".png").toFile());
    }

    @Test
    void everyFormatDecodesAsDeliveredAndComesBackFromTheImageEndpoint() throws Exception {
        for (String format : FORMATS) {
            String data = unique(format);
            Api.Reply reply = post("/api/v1/qr", Api.json(Map.of("data", data, "format", format, "size", 400,
                    "design", Map.of("bodyStyle", "rounded-pointed", "foregroundColor", "#1a237e",
                            "gradientType", "radial", "gradientColor2", "#6a1b9a"))));
            assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
            JsonNode record = reply.json();
            assertThat(record.path("format").asText()).isEqualTo(format);
            assertThat(record.path("unit").asText()).isEqualTo("px");
            assertThat(record.path("colorSpace").asText()).isEqualTo("rgb");
            assertThat(record.has("dpi")).isFalse();
            assertThat(record.path("safety").path("verified").asBoolean()).as(format).isTrue();
            for (String other : FORMATS) {
                assertThat(record.has(other)).as(format + " record has " + other).isEqualTo(other.equals(format));
            }
            byte[] file = format.equals("svg") ? record.path("svg").asText().getBytes(StandardCharsets.UTF_8)
                    : Base64.getDecoder().decode(record.path(format).asText());
            assertThat(decode(format, file)).as(format).isNotEmpty().allSatisfy(text -> assertThat(text)
                    .isEqualTo(data));

            Api.Reply image = Api.get("/api/v1/qr/" + record.path("id").asText() + "/image");
            assertThat(image.status()).isEqualTo(200);
            assertThat(image.header("Content-Type")).hasValueSatisfying(type -> assertThat(type)
                    .startsWith(MEDIA_TYPES.get(format)));
            assertThat(image.bytes()).as("%s drawn again", format).isEqualTo(file);
        }
        // The format Accept asks for, when the body names none.
        Api.Reply webp = Api.send(Api.request("/api/v1/qr").header("Content-Type", "application/json")
                .header("Accept", "image/webp").POST(HttpRequest.BodyPublishers.ofString("{\"data\":\"accept\"}")));
        assertThat(webp.status()).as(webp.toString()).isEqualTo(201);
        assertThat(webp.header("Content-Type")).hasValue("image/webp");
        assertThat(Decoding.text(RasterFiles.readWebp(webp.bytes()))).isEqualTo("accept");
    }

    @Test
    void aThirtyMillimetreCmykPdfMeasuresThirtyMillimetresAndDecodesAt300Dpi() throws Exception {
        String data = unique("cmyk");
        Map<String, Object> body = Map.of("data", data, "format", "pdf", "size", 30, "unit", "mm",
                "colorSpace", "cmyk", "design", Map.of("foregroundColor", "cmyk(100,72,0,18)",
                        "eyeBallColor", "#b71c1c"));
        Api.Reply reply = Api.send(Api.request("/api/v1/qr").header("Content-Type", "application/json")
                .header("Accept", "application/pdf").POST(HttpRequest.BodyPublishers.ofString(Api.json(body))));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        assertThat(reply.header("Content-Type")).hasValue("application/pdf");
        try (PDDocument document = Loader.loadPDF(reply.bytes())) {
            PDRectangle box = document.getPage(0).getMediaBox();
            assertThat((double) box.getWidth()).isCloseTo(MM_30_IN_POINTS, Offset.offset(0.001));
            assertThat((double) box.getHeight()).isCloseTo(MM_30_IN_POINTS, Offset.offset(0.001));
            String content = new String(document.getPage(0).getContents().readAllBytes(),
                    StandardCharsets.ISO_8859_1);
            // The brand blue as exactly its inks, the hex red by the device formula, white as no ink.
            assertThat(content).contains("1 0.72 0 0.18 k").contains("0 0.847 0.847 0.2824 k")
                    .contains("0 0 0 0 k").doesNotContain(" rg");
        }
        assertThat(decode("pdf", reply.bytes())).isNotEmpty().allSatisfy(text -> assertThat(text).isEqualTo(data));

        JsonNode record = Api.get(reply.header("Location").orElseThrow().substring(Api.BASE_URL.length())).json();
        assertThat(record.path("size").asDouble()).isEqualTo(30);
        assertThat(record.path("unit").asText()).isEqualTo("mm");
        assertThat(record.path("colorSpace").asText()).isEqualTo("cmyk");
        assertThat(record.has("dpi")).isFalse();
        assertThat(record.path("design").path("foregroundColor").asText()).isEqualTo("cmyk(100,72,0,18)");
        assertThat(Base64.getDecoder().decode(record.path("pdf").asText())).isEqualTo(reply.bytes());

        // The same as EPS, through Ghostscript; a 40 mm JPEG at 600 dpi is 945 pixels.
        Api.Reply eps = post("/api/v1/qr", Api.json(Map.of("data", data, "format", "eps", "size", 30, "unit", "mm",
                "colorSpace", "cmyk")));
        assertThat(eps.status()).as(eps.toString()).isEqualTo(201);
        String postscript = new String(Base64.getDecoder().decode(eps.json().path("eps").asText()),
                StandardCharsets.ISO_8859_1);
        assertThat(postscript).contains("%%BoundingBox: 0 0 86 86", "%%HiResBoundingBox: 0 0 85.0394 85.0394",
                "\n0 0 0 1 CC\n");
        assertThat(decode("eps", postscript.getBytes(StandardCharsets.ISO_8859_1)))
                .allSatisfy(text -> assertThat(text).isEqualTo(data));
        JsonNode jpeg = post("/api/v1/qr", Api.json(Map.of("data", data, "format", "jpeg", "size", 40,
                "unit", "mm", "dpi", 600))).json();
        assertThat(jpeg.path("dpi").asInt()).isEqualTo(600);
        BufferedImage photo = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder()
                .decode(jpeg.path("jpeg").asText())));
        assertThat(photo.getWidth()).isEqualTo(945);
        assertThat(Decoding.text(photo)).isEqualTo(data);

        // Each mistake names its field.
        assertThat(post("/api/v1/qr", Api.json(Map.of("data", data, "format", "png", "colorSpace", "cmyk")))
                .json().path("error").path("field").asText()).isEqualTo("colorSpace");
        assertThat(post("/api/v1/qr", Api.json(Map.of("data", data, "format", "jpeg",
                "design", Map.of("backgroundColor", "transparent")))).json().path("error").path("field").asText())
                .isEqualTo("design.backgroundColor");
        assertThat(post("/api/v1/qr", "{\"data\":\"x\",\"format\":\"pdf\",\"unit\":\"mm\",\"size\":\"30\"}")
                .json().path("error").path("field").asText()).isEqualTo("size");
        assertThat(post("/api/v1/qr", Api.json(Map.of("data", data, "format", "pdf",
                "design", Map.of("foregroundColor", "cmyk(0,0,0,100)")))).json().path("error").path("field")
                .asText()).isEqualTo("design.foregroundColor");
    }

    @Test
    void aBulkJobWithEveryFormatZipsEachWithItsExtension() throws Exception {
        String tag = UUID.randomUUID().toString();
        List<Map<String, Object>> items = new ArrayList<>();
        for (String format : FORMATS) {
            items.add(Map.of("data", "https://example.com/" + tag + "/" + format, "format", format,
                    "filename", "code-" + format));
        }
        Api.Reply accepted = post("/api/v1/qr/bulk", Api.json(Map.of("defaults", Map.of("size", 300),
                "items", items)));
        assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);
        String jobId = accepted.json().path("jobId").asText();
        Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
        JsonNode job;
        while ((job = Api.get("/api/v1/qr/bulk/" + jobId).json()).path("status").asText().equals("STARTED")) {
            assertThat(Instant.now()).as("job finished in time").isBefore(deadline);
            Api.pauseBeforePolling();
        }
        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("COMPLETED");
        Map<String, byte[]> files = new HashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(
                Api.get("/api/v1/qr/bulk/" + jobId + "/archive").bytes()))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null;) {
                files.put(entry.getName(), in.readAllBytes());
            }
        }
        assertThat(files.keySet()).containsExactlyInAnyOrder("code-svg.svg", "code-png.png", "code-pdf.pdf",
                "code-eps.eps", "code-jpeg.jpeg", "code-webp.webp", "manifest.csv");
        for (String format : FORMATS) {
            assertThat(decode(format, files.get("code-" + format + "." + format))).as(format)
                    .allSatisfy(text -> assertThat(text).isEqualTo("https://example.com/" + tag + "/" + format));
        }
    }
}
