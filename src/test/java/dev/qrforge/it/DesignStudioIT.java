package dev.qrforge.it;

import static dev.qrforge.it.Api.get;
import static dev.qrforge.it.Api.post;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.Backgrounds;
import dev.qrforge.testing.Decoding;
import dev.qrforge.testing.Logos;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;

/** The design studio end to end: every design field, logos, transparency, restyling, and the options listing. */
class DesignStudioIT extends ServerTest {

    private static String unique(String what) {
        return "https://example.com/" + what + "/" + UUID.randomUUID();
    }

    private static Map<String, Object> code(String data, Object... fields) {
        Map<String, Object> body = new HashMap<>(Map.of("data", data));
        for (int i = 0; i < fields.length; i += 2) {
            body.put((String) fields[i], fields[i + 1]);
        }
        return body;
    }

    private static JsonNode created(Api.Reply reply) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json();
    }

    private static void refused(Api.Reply reply, String field, String... messageParts) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        JsonNode error = reply.json().path("error");
        assertThat(error.path("field").asText()).isEqualTo(field);
        assertThat(error.path("message").asText()).contains(messageParts);
        assertThat(error.path("request_id").asText()).startsWith("req_");
        assertThat(reply.text()).doesNotContain("Exception", "\tat ");
    }

    private static BufferedImage png(JsonNode record) {
        return Decoding.png(Base64.getDecoder().decode(record.path("png").asText()));
    }

    @Test
    void everyDesignFieldIsAppliedEchoedAndKept() {
        String data = unique("styled");
        Map<String, Object> design = new HashMap<>();
        design.put("bodyStyle", "classy");
        design.put("foregroundColor", "#1a237e");
        design.put("backgroundColor", "#fffdf5");
        design.put("gradientType", "linear");
        design.put("gradientColor2", "#4a148c");
        design.put("gradientRotation", 90);
        design.put("gradientOnEyes", false);
        design.put("eyeFrameStyle", "rounded");
        design.put("eyeBallStyle", "star");
        design.put("eyeFrameColor", "#b71c1c");
        design.put("eyes", Map.of("bottomLeft", Map.of("ballStyle", "diamond", "ballColor", "#004d40")));
        design.put("logo", Logos.pngDataUri(128));
        design.put("logoSize", 0.2);
        design.put("logoMargin", 1);
        JsonNode record = created(post("/api/v1/qr", Api.json(code(data, "format", "png", "size", 600,
                "design", design))));

        assertThat(record.path("errorCorrection").asText()).as("a logo raises the default to H").isEqualTo("H");
        JsonNode echoed = record.path("design");
        assertThat(echoed.path("bodyStyle").asText()).isEqualTo("classy");
        assertThat(echoed.path("gradientRotation").asDouble()).isEqualTo(90);
        assertThat(echoed.path("gradientOnEyes").asBoolean()).isFalse();
        assertThat(echoed.path("eyeFrameStyle").asText()).isEqualTo("rounded");
        assertThat(echoed.path("eyes").path("bottomLeft").path("ballStyle").asText()).isEqualTo("diamond");
        assertThat(echoed.path("eyes").path("topRight").path("frameColor").asText()).isEqualTo("#b71c1c");
        assertThat(echoed.path("logo").asText()).matches("sha256:[0-9a-f]{64}");
        assertThat(echoed.path("logoClearModules").asBoolean()).isTrue();

        BufferedImage image = png(record);
        assertThat(image.getWidth()).isEqualTo(600);
        assertThat(Decoding.text(image)).isEqualTo(data);
        // The logo's orange dot sits right of and below the centre; the logo's blue tile around it.
        assertThat(new Color(image.getRGB(300, 300)).getBlue()).isGreaterThan(150);
        assertThat(record.path("safety").path("verified").asBoolean()).isTrue();

        // Kept as asked: the stored code draws the same image again, logo and all.
        String id = record.path("id").asText();
        Api.Reply again = get("/api/v1/qr/" + id + "/image");
        assertThat(again.status()).isEqualTo(200);
        assertThat(Decoding.png(again.bytes()).getRGB(300, 300)).isEqualTo(image.getRGB(300, 300));
        assertThat(get("/api/v1/qr/" + id).json().path("design")).isEqualTo(echoed);
    }

    @Test
    void transparentCodesHaveNoBackground() {
        String data = unique("transparent");
        Map<String, Object> design = Map.of("backgroundColor", "transparent");
        JsonNode png = created(post("/api/v1/qr", Api.json(code(data, "format", "png", "design", design))));
        BufferedImage image = png(png);
        assertThat(image.getColorModel().hasAlpha()).isTrue();
        assertThat(image.getRGB(2, 2) >>> 24).as("the quiet zone is see-through").isZero();
        assertThat(png.path("design").path("backgroundColor").asText()).isEqualTo("transparent");
        assertThat(png.path("safety").path("warnings").toString()).contains("white or light surface");

        JsonNode svg = created(post("/api/v1/qr", Api.json(code(data, "design", design))));
        assertThat(svg.path("svg").asText()).doesNotContain("<rect");
        assertThat(Decoding.svgText(svg.path("svg").asText())).isEqualTo(data);
    }

    @Test
    void svgLogosAreDrawnButNeverTrusted() {
        JsonNode record = created(post("/api/v1/qr", Api.json(code(unique("svg-logo"),
                "design", Map.of("logo", Logos.svgDataUri(Logos.SVG))))));
        String svg = record.path("svg").asText();
        assertThat(svg).contains("<image").contains("data:image/png;base64,").doesNotContain("<circle");
        assertThat(record.path("safety").path("verified").asBoolean()).isTrue();

        Map<String, String> hostile = Map.of(
                "external entity", "<?xml version='1.0'?><!DOCTYPE svg [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>"
                        + "<svg xmlns='http://www.w3.org/2000/svg'><text>&x;</text></svg>",
                "script", "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
                "event handler", "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'><rect width='9'"
                        + " height='9'/></svg>",
                "external image", "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'>"
                        + "<image xlink:href='http://169.254.169.254/latest/meta-data' width='9' height='9'/></svg>",
                "file reference", "<svg xmlns='http://www.w3.org/2000/svg'><use href='file:///etc/passwd#x'/></svg>",
                "external style", "<svg xmlns='http://www.w3.org/2000/svg'><style>@import url(http://evil.example/x.css);"
                        + "</style></svg>",
                "css url", "<svg xmlns='http://www.w3.org/2000/svg'><rect width='9' height='9'"
                        + " style='fill:url(http://evil.example/p)'/></svg>");
        hostile.forEach((attack, document) -> refused(post("/api/v1/qr", Api.json(code("x",
                "design", Map.of("logo", Logos.svgDataUri(document))))), "design.logo", "design.logo is an SVG"));
    }

    @Test
    void whatIsNotAnAcceptableImageIsRefusedOnTheLogoField() {
        refused(post("/api/v1/qr", Api.json(code("x", "design", Map.of("logo", "bm90IGFuIGltYWdl")))), "design.logo",
                "not an image");
        refused(post("/api/v1/qr", Api.json(code("x", "design", Map.of("logo", "data:image/gif;base64,R0lGODlh")))),
                "design.logo", "image/png, image/jpeg, image/svg+xml");
        refused(post("/api/v1/qr", Api.json(code("x", "design", Map.of("logo",
                Backgrounds.base64(Backgrounds.pngClaiming(5000, 5000)))))), "design.logo", "megapixels");
        refused(post("/api/v1/qr", Api.json(code("x", "design", Map.of("logo", Logos.pngDataUri(64),
                "logoSize", 0.5)))), "design.logoSize", "between 0.05 and 0.3");
        refused(post("/api/v1/qr", Api.json(code("x", "design", Map.of("bodyStyle", "hearts")))), "design.bodyStyle",
                "square, rounded, extra-rounded, blobs");
        refused(post("/api/v1/qr", Api.json(code("x", "design", Map.of("eyes", Map.of("topLeft",
                Map.of("frameStyle", "hexagon")))))), "design.eyes.topLeft.frameStyle", "circle");
        refused(post("/api/v1/qr", Api.json(code("x", "design", Map.of("gradientRotation", "ninety")))),
                "design.gradientRotation", "number");
    }

    @Test
    void aLogoSentOnceIsNamedByReferenceAndOnlyInItsWorkspace() {
        String reference = created(post("/api/v1/qr", Api.json(code(unique("logo-once"),
                "design", Map.of("logo", Logos.pngDataUri(96)))))).path("design").path("logo").asText();
        JsonNode reused = created(post("/api/v1/qr", Api.json(code(unique("logo-again"), "format", "png",
                "design", Map.of("logo", reference)))));
        assertThat(reused.path("design").path("logo").asText()).isEqualTo(reference);
        assertThat(Decoding.text(png(reused))).startsWith("https://example.com/logo-again/");

        Api.Reply elsewhere = Api.postAs(Api.OTHER_KEY, "/api/v1/qr", Api.json(code("x",
                "design", Map.of("logo", reference))));
        refused(elsewhere, "design.logo", "has not sent");
    }

    @Test
    void designOptionsListEveryValueAndRange() {
        Api.Reply reply = get("/api/v1/design-options");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        JsonNode options = reply.json();
        JsonNode design = options.path("design");
        assertThat(design.path("bodyStyle").path("values")).hasSizeGreaterThanOrEqualTo(12);
        assertThat(design.path("eyeFrameStyle").path("values")).hasSizeGreaterThanOrEqualTo(6);
        assertThat(design.path("eyeBallStyle").path("values")).hasSizeGreaterThanOrEqualTo(6);
        assertThat(design.path("gradientType").path("values").toString()).contains("linear", "radial");
        assertThat(design.path("logoSize").path("max").asDouble()).isEqualTo(0.3);
        assertThat(design.path("logoSize").path("default").asDouble()).isEqualTo(0.2);
        assertThat(design.path("backgroundColor").path("format").asText()).contains("transparent");
        assertThat(options.path("errorCorrection").path("description").asText()).contains("H");
        assertThat(options.path("size").path("max").asInt()).isEqualTo(5000);
    }

    @Test
    void dynamicCodesTakeADesignAndMayBeRestyledKeepingTheirLink() {
        Map<String, Object> body = Map.of("destinationUrl", "https://example.com/restyle", "format", "png",
                "margin", 2, "errorCorrection", "Q", "design", Map.of("bodyStyle", "dots", "eyeFrameStyle", "cut"));
        JsonNode code = created(post("/api/v1/dynamic", Api.json(body)));
        String id = code.path("id").asText();
        String shortUrl = code.path("shortUrl").asText();
        JsonNode qr = code.path("qr");
        assertThat(qr.path("margin").asInt()).isEqualTo(2);
        assertThat(qr.path("errorCorrection").asText()).isEqualTo("Q");
        assertThat(qr.path("design").path("bodyStyle").asText()).isEqualTo("dots");
        assertThat(Decoding.text(png(qr))).isEqualTo(shortUrl);

        Map<String, Object> restyle = new HashMap<>();
        restyle.put("size", 400);
        restyle.put("errorCorrection", null);
        restyle.put("design", Map.of("bodyStyle", "blobs", "foregroundColor", "#004d40", "logo", Logos.pngDataUri(64)));
        Api.Reply restyled = DynamicCodesIT.patch(id, Api.json(restyle));
        assertThat(restyled.status()).as(restyled.toString()).isEqualTo(200);
        JsonNode after = restyled.json();
        assertThat(after.path("shortUrl").asText()).isEqualTo(shortUrl);
        assertThat(after.path("qr").path("id").asText()).isEqualTo(qr.path("id").asText());
        assertThat(after.path("qr").path("data").asText()).isEqualTo(shortUrl);
        JsonNode design = after.path("qr").path("design");
        assertThat(design.path("bodyStyle").asText()).isEqualTo("blobs");
        assertThat(design.path("eyeFrameStyle").asText()).as("untouched fields stay").isEqualTo("cut");
        assertThat(design.path("logo").asText()).startsWith("sha256:");
        assertThat(after.path("qr").path("errorCorrection").asText()).as("cleared: automatic, H with a logo")
                .isEqualTo("H");
        assertThat(after.path("qr").path("size").asInt()).isEqualTo(400);

        BufferedImage image = Decoding.png(get("/api/v1/qr/" + qr.path("id").asText() + "/image").bytes());
        assertThat(image.getWidth()).isEqualTo(400);
        assertThat(Decoding.text(image)).isEqualTo(shortUrl);

        refused(DynamicCodesIT.patch(id, Api.json(Map.of("data", "https://elsewhere.example"))), "data",
                "unknown field 'data'; allowed: campaign, colorSpace, design");
        refused(DynamicCodesIT.patch(id, Api.json(Map.of("design", Map.of("eyeBallStyle", "hexagon")))),
                "design.eyeBallStyle", "star");
    }

    @Test
    void bulkItemsShareOneLogoByReference() throws IOException {
        List<Map<String, Object>> items = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            items.add(Map.of("data", unique("bulk-logo-" + i)));
        }
        Map<String, Object> body = Map.of("defaults", Map.of("format", "png", "design",
                Map.of("logo", Logos.pngDataUri(128), "bodyStyle", "rounded")), "items", items);
        Api.Reply accepted = post("/api/v1/qr/bulk", Api.json(body));
        assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);
        String jobId = accepted.json().path("jobId").asText();
        Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
        JsonNode job;
        while ((job = get("/api/v1/qr/bulk/" + jobId).json()).path("status").asText().equals("STARTED")) {
            assertThat(Instant.now()).isBefore(deadline);
            Api.pauseBeforePolling();
        }
        assertThat(job.path("succeeded").asInt()).as(job.toString()).isEqualTo(5);
        String first = job.path("results").get(0).path("id").asText();
        JsonNode record = get("/api/v1/qr/" + first).json();
        assertThat(record.path("design").path("logo").asText()).startsWith("sha256:");
        assertThat(record.path("errorCorrection").asText()).isEqualTo("H");

        int images = 0;
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(
                get("/api/v1/qr/bulk/" + jobId + "/archive").bytes()))) {
            for (ZipEntry entry; (entry = zip.getNextEntry()) != null;) {
                if (entry.getName().endsWith(".png")) {
                    assertThat(Decoding.text(Decoding.png(zip.readAllBytes()))).startsWith("https://example.com/bulk");
                    images++;
                }
            }
        }
        assertThat(images).isEqualTo(5);
    }

    @Test
    void compositesTakeTheFullDesign() {
        String data = unique("composite-design");
        Map<String, Object> body = Map.of("data", data, "size", 300, "design", Map.of("bodyStyle", "extra-rounded",
                "backgroundColor", "transparent", "logo", Logos.pngDataUri(64)),
                "backgrounds", List.of(Map.of("image", Backgrounds.pngDataUri(Backgrounds.flat(Color.WHITE)))));
        JsonNode reply = created(post("/api/v1/qr/transparent", Api.json(body)));
        JsonNode composite = reply.path("composites").get(0);
        BufferedImage image = Decoding.png(Base64.getDecoder().decode(composite.path("png").asText()));
        assertThat(Decoding.text(image)).isEqualTo(data);
    }
}
