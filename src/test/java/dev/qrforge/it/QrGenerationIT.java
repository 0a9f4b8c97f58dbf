package dev.qrforge.it;

import static dev.qrforge.it.Api.get;
import static dev.qrforge.it.Api.post;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.Decoding;
import java.awt.image.BufferedImage;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class QrGenerationIT extends ServerTest {

    private static String unique(String what) {
        return "https://example.com/" + what + "/" + UUID.randomUUID();
    }

    @Test
    void svgWithDefaultsIsCreatedStoredAndDecodes() {
        String data = unique("svg");
        Api.Reply reply = post("/api/v1/qr", Api.json(Map.of("data", data)));

        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        JsonNode record = reply.json();
        assertThat(record.path("id").asText()).startsWith("qr_");
        assertThat(reply.header("Location")).hasValue(Api.BASE_URL + "/api/v1/qr/" + record.path("id").asText());
        assertThat(reply.header("X-Request-Id")).hasValueSatisfying(id -> assertThat(id).startsWith("req_"));
        assertThat(record.path("format").asText()).isEqualTo("svg");
        assertThat(record.path("size").asInt()).isEqualTo(300);
        assertThat(record.path("data").asText()).isEqualTo(data);
        assertThat(record.path("createdAt").asText()).isNotEmpty();
        assertThat(record.has("png")).isFalse();
        assertThat(record.path("safety").path("status").asText()).isEqualTo("OPTIMAL");
        assertThat(record.path("safety").path("score").asInt()).isEqualTo(100);
        assertThat(record.path("safety").path("verified").asBoolean()).isTrue();
        assertThat(record.path("safety").path("warnings").isArray()).isTrue();

        String svg = record.path("svg").asText();
        assertThat(svg).contains("viewBox=\"0 0 300 300\"");
        assertThat(Decoding.svgText(svg)).isEqualTo(data);
    }

    @Test
    void pngRecordCarriesAnExactSizeImageThatDecodes() {
        String data = unique("png");
        Api.Reply reply = post("/api/v1/qr", Api.json(Map.of("data", data, "format", "png", "size", 512)));

        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        JsonNode record = reply.json();
        assertThat(record.has("svg")).isFalse();
        BufferedImage image = Decoding.png(Base64.getDecoder().decode(record.path("png").asText()));
        assertThat(image.getWidth()).isEqualTo(512);
        assertThat(image.getHeight()).isEqualTo(512);
        assertThat(Decoding.text(image)).isEqualTo(data);
    }

    @Test
    void styledCodesDecodeInBothFormats() {
        for (String style : List.of("square", "rounded-pointed")) {
            for (String format : List.of("svg", "png")) {
                String data = unique(style + "-" + format);
                Map<String, Object> design = Map.of("bodyStyle", style, "foregroundColor", "#1a237e",
                        "backgroundColor", "#fffde7", "gradientType", "linear", "gradientColor2", "#004d40");
                Api.Reply reply = post("/api/v1/qr",
                        Api.json(Map.of("data", data, "format", format, "size", 400, "design", design)));

                assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
                JsonNode record = reply.json();
                assertThat(record.path("design").path("bodyStyle").asText()).isEqualTo(style);
                assertThat(record.path("design").path("gradientColor2").asText()).isEqualTo("#004d40");
                String decoded = format.equals("svg") ? Decoding.svgText(record.path("svg").asText())
                        : Decoding.pngText(Base64.getDecoder().decode(record.path("png").asText()));
                assertThat(decoded).as(style + " " + format).isEqualTo(data);
            }
        }
    }

    @Test
    void acceptImageReturnsTheRawImage() {
        String data = unique("raw");
        Api.Reply png = Api.send(Api.request("/api/v1/qr").header("Content-Type", "application/json")
                .header("Accept", "image/png")
                .POST(HttpRequest.BodyPublishers.ofString(Api.json(Map.of("data", data, "size", 200)))));
        assertThat(png.status()).as(png.toString()).isEqualTo(201);
        assertThat(png.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("image/png"));
        assertThat(png.header("Location")).isPresent();
        assertThat(Decoding.png(png.bytes()).getWidth()).isEqualTo(200);
        assertThat(Decoding.pngText(png.bytes())).isEqualTo(data);

        Api.Reply svg = Api.send(Api.request("/api/v1/qr").header("Content-Type", "application/json")
                .header("Accept", "image/svg+xml")
                .POST(HttpRequest.BodyPublishers.ofString(Api.json(Map.of("data", data)))));
        assertThat(svg.status()).as(svg.toString()).isEqualTo(201);
        assertThat(svg.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("image/svg+xml"));
        assertThat(Decoding.svgText(svg.text())).isEqualTo(data);
    }

    @Test
    void storedCodeIsFetchedAndItsImageReRendersIdentically() {
        String data = unique("get");
        JsonNode created = post("/api/v1/qr", Api.json(Map.of("data", data, "design",
                Map.of("bodyStyle", "rounded-pointed", "foregroundColor", "#880e4f")))).json();
        String id = created.path("id").asText();

        Api.Reply fetched = get("/api/v1/qr/" + id);
        assertThat(fetched.status()).isEqualTo(200);
        assertThat(fetched.json().path("svg").asText()).isEqualTo(created.path("svg").asText());
        assertThat(fetched.json().path("safety")).isEqualTo(created.path("safety"));
        assertThat(fetched.json().path("size").isInt()).as("a pixel size is an integer: " + fetched.json().path("size"))
                .isTrue();
        assertThat(fetched.json().path("size")).isEqualTo(created.path("size"));

        Api.Reply image = get("/api/v1/qr/" + id + "/image");
        assertThat(image.status()).isEqualTo(200);
        assertThat(image.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("image/svg+xml"));
        assertThat(image.text()).isEqualTo(created.path("svg").asText());
        assertThat(Decoding.svgText(image.text())).isEqualTo(data);
    }

    @Test
    void listingIsNewestFirstCursorPagedAndWithoutImages() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(post("/api/v1/qr", Api.json(Map.of("data", unique("list-" + i)))).json().path("id").asText());
        }

        JsonNode first = get("/api/v1/qr?limit=2").json();
        assertThat(first.path("items")).hasSize(2);
        assertThat(first.path("items").get(0).path("id").asText()).isEqualTo(ids.get(2));
        assertThat(first.path("items").get(1).path("id").asText()).isEqualTo(ids.get(1));
        assertThat(first.path("items").get(0).has("svg")).isFalse();
        assertThat(first.path("items").get(0).path("safety").path("status").asText()).isEqualTo("OPTIMAL");
        String cursor = first.path("nextCursor").asText();
        assertThat(cursor).isNotEmpty();

        JsonNode second = get("/api/v1/qr?limit=2&cursor=" + cursor).json();
        assertThat(second.path("items").get(0).path("id").asText()).isEqualTo(ids.get(0));
    }

    @Test
    void lowContrastIsNeverOptimalAndSaysWhyAndWhatItCost() {
        JsonNode record = post("/api/v1/qr", Api.json(Map.of("data", unique("faint"),
                "design", Map.of("foregroundColor", "#e0e0e0")))).json();
        assertThat(record.path("safety").path("status").asText()).isNotEqualTo("OPTIMAL");
        assertThat(record.path("safety").path("warnings").toString()).containsIgnoringCase("contrast");
        JsonNode deductions = record.path("safety").path("deductions");
        assertThat(deductions).hasSize(record.path("safety").path("warnings").size());
        assertThat(deductions).anySatisfy(d -> {
            assertThat(d.path("signal").asText()).isEqualTo("contrast");
            assertThat(d.path("points").asInt()).isPositive();
        });
        // Kept with the code: the stored record says the same.
        JsonNode stored = get("/api/v1/qr/" + record.path("id").asText()).json();
        assertThat(stored.path("safety").path("deductions")).isEqualTo(deductions);
    }

    @Test
    void previewRendersAndJudgesLikeCreationButKeepsNothing() {
        String data = unique("preview");
        Map<String, Object> request = Map.of("data", data, "format", "png", "size", 400,
                "design", Map.of("foregroundColor", "#1a237e"));

        Api.Reply preview = post("/api/v1/qr/preview", Api.json(request));

        assertThat(preview.status()).as(preview.toString()).isEqualTo(200);
        JsonNode record = preview.json();
        assertThat(record.has("id")).isFalse();
        assertThat(record.has("createdAt")).isFalse();
        assertThat(record.path("design").path("foregroundColor").asText()).isEqualTo("#1a237e");
        assertThat(Decoding.pngText(Base64.getDecoder().decode(record.path("png").asText()))).isEqualTo(data);
        JsonNode created = post("/api/v1/qr", Api.json(request)).json();
        assertThat(record.path("safety")).isEqualTo(created.path("safety"));
        JsonNode kept = get("/api/v1/qr?q=" + data.substring(data.lastIndexOf('/') + 1)).json().path("items");
        assertThat(kept).as("only the created code is kept").hasSize(1);
        assertThat(kept.get(0).path("id").asText()).isEqualTo(created.path("id").asText());

        Api.Reply invalid = post("/api/v1/qr/preview", Api.json(Map.of("data", data, "size", 99)));
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.json().path("error").path("field").asText()).isEqualTo("size");
    }
}
