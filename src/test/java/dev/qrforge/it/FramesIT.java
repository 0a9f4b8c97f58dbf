package dev.qrforge.it;

import static dev.qrforge.it.Api.get;
import static dev.qrforge.it.Api.post;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.Decoding;
import java.awt.image.BufferedImage;
import java.net.http.HttpRequest;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Frames with a call to action through the API: drawn in PNG and SVG, decoded, kept, refused field by field. */
class FramesIT extends ServerTest {

    private static final Pattern SVG_SIZE = Pattern.compile("<svg[^>]* width=\"(\\d+)\" height=\"(\\d+)\"");

    private static String unique(String what) {
        return "https://example.com/" + what + "/" + UUID.randomUUID();
    }

    private static void refused(Map<String, Object> frame, String field, String... messageParts) {
        Api.Reply reply = post("/api/v1/qr", Api.json(Map.of("data", "x", "design", Map.of("frame", frame))));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        JsonNode error = reply.json().path("error");
        assertThat(error.path("field").asText()).isEqualTo(field);
        assertThat(error.path("message").asText()).contains(messageParts);
    }

    @Test
    void framedPngAndSvgDecodeAndAreKeptWithTheirFrame() {
        String data = unique("framed-png");
        Api.Reply created = post("/api/v1/qr", Api.json(Map.of("data", data, "format", "png", "size", 600,
                "design", Map.of("foregroundColor", "#1a237e", "frame", Map.of("style", "banner-bottom",
                        "text", "SCAN ME", "textColor", "#ffffff", "frameColor", "#000000")))));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        JsonNode record = created.json();
        assertThat(record.path("design").path("frame")).isEqualTo(Api.JSON.valueToTree(Map.of(
                "style", "banner-bottom", "text", "SCAN ME", "textColor", "#ffffff", "frameColor", "#000000")));
        assertThat(record.path("size").asInt()).as("size stays the code's edge").isEqualTo(600);
        assertThat(record.path("safety").path("verified").asBoolean()).isTrue();
        BufferedImage png = Decoding.png(Base64.getDecoder().decode(record.path("png").asText()));
        assertThat(new int[] {png.getWidth(), png.getHeight()}).containsExactly(648, 744);
        assertThat(Decoding.text(png)).isEqualTo(data);
        // Drawn again from what was kept: the same frame.
        BufferedImage again = Decoding.png(get("/api/v1/qr/" + record.path("id").asText() + "/image").bytes());
        assertThat(new int[] {again.getWidth(), again.getHeight()}).containsExactly(648, 744);

        String svgData = unique("framed-svg");
        Api.Reply svg = Api.send(Api.request("/api/v1/qr").header("Content-Type", "application/json")
                .header("Accept", "image/svg+xml").POST(HttpRequest.BodyPublishers.ofString(Api.json(Map.of(
                        "data", svgData, "size", 300, "design", Map.of("frame", Map.of("style", "speech-bubble",
                                "text", "Menü → Ελάτε")))))));
        assertThat(svg.status()).as(svg.toString()).isEqualTo(201);
        Matcher size = SVG_SIZE.matcher(svg.text());
        assertThat(size.find()).isTrue();
        assertThat(List.of(size.group(1), size.group(2))).containsExactly("300", "396");
        assertThat(svg.text()).as("the caption is outlines, no text or font").doesNotContain("<text", "font");
        assertThat(Decoding.svgText(svg.text())).isEqualTo(svgData);
    }

    @Test
    void badFramesAreRefusedByFieldAndTheOptionsListTheStyles() {
        refused(Map.of("style", "circle"), "design.frame.style", "banner-bottom", "speech-bubble");
        refused(Map.of("text", "SCAN ME"), "design.frame.style", "required");
        refused(Map.of("style", "box", "text", "x".repeat(41)), "design.frame.text", "at most 40");
        refused(Map.of("style", "box", "text", "メニュー"), "design.frame.text", "U+30E1");
        refused(Map.of("style", "box", "textColor", "red"), "design.frame.textColor", "#rrggbb");
        refused(Map.of("style", "box", "frameColor", "#12"), "design.frame.frameColor", "#rrggbb");
        refused(Map.of("style", "box", "font", "Arial"), "design.frame.font", "unknown field");

        Api.Reply options = get("/api/v1/design-options");
        assertThat(options.status()).isEqualTo(200);
        JsonNode styles = options.json().path("design").path("frame.style").path("values");
        assertThat(styles.toString()).contains("\"none\"", "\"box\"", "\"rounded-box\"", "\"banner-top\"",
                "\"banner-bottom\"", "\"speech-bubble\"", "\"arrow\"", "\"ticket\"", "\"tab-top\"", "\"bracket\"");
        assertThat(options.json().path("design").path("frame.text").path("default").asText()).isEqualTo("SCAN ME");
    }
}
