package dev.qrforge.it;

import static dev.qrforge.it.Api.get;
import static dev.qrforge.it.Api.post;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.Backgrounds;
import dev.qrforge.testing.Logos;
import java.awt.Color;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Design templates: their CRUD and checks, workspace isolation, and codes made from them on every endpoint. */
class TemplatesIT extends ServerTest {

    private static final Map<String, Object> BRAND = Map.of("bodyStyle", "rounded", "foregroundColor", "#1a237e",
            "eyeFrameStyle", "rounded", "logoSize", 0.2,
            "frame", Map.of("style", "banner-bottom", "text", "Scan me", "frameColor", "#1a237e"));

    private static JsonNode create(String name, Map<String, Object> design) {
        Api.Reply reply = post("/api/v1/templates", Api.json(Map.of("name", name, "design", design)));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json();
    }

    private static Api.Reply patch(String path, String json) {
        return Api.patchAs(Api.KEY, path, json);
    }

    private static Api.Reply delete(String path) {
        return Api.deleteAs(Api.KEY, path);
    }

    private static void refused(Api.Reply reply, String field) {
        assertThat(reply.status()).as(reply.toString()).isEqualTo(400);
        assertThat(reply.json().path("error").path("field").asText()).as(reply.toString()).isEqualTo(field);
    }

    private static JsonNode code(Map<String, Object> request) {
        Api.Reply reply = post("/api/v1/qr", Api.json(request));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json();
    }

    private static String unique(String what) {
        return "https://example.com/" + what + "/" + UUID.randomUUID();
    }

    @Test
    void templatesAreCreatedListedFetchedPatchedAndDeletedWithinTheirWorkspace() {
        Map<String, Object> withLogo = new HashMap<>(BRAND);
        withLogo.put("logo", Logos.pngDataUri(48));
        JsonNode created = create("  Brand, navy ", withLogo);
        String id = created.path("id").asText();
        String path = "/api/v1/templates/" + id;
        assertThat(id).startsWith("tpl_");
        assertThat(created.path("name").asText()).isEqualTo("Brand, navy");
        JsonNode design = created.path("design");
        assertThat(design.path("logo").asText()).as("an inline logo is kept and saved by reference")
                .startsWith("sha256:");
        assertThat(design.path("backgroundColor").isMissingNode()).as("only the fields given are saved").isTrue();
        assertThat(design.path("frame").path("text").asText()).isEqualTo("Scan me");
        assertThat(get(path).json()).isEqualTo(created);

        JsonNode second = create("Second", Map.of("bodyStyle", "dots"));
        JsonNode first = get("/api/v1/templates?limit=1").json();
        assertThat(first.path("items").get(0).path("id").asText()).isEqualTo(second.path("id").asText());
        JsonNode next = get("/api/v1/templates?limit=1&cursor=" + first.path("nextCursor").asText()).json();
        assertThat(next.path("items").get(0).path("id").asText()).isEqualTo(id);

        Api.Reply patched = patch(path, "{\"name\": \"Brand, red\", \"design\": {\"foregroundColor\": \"#b71c1c\","
                + " \"frame\": {\"text\": \"Menu\"}, \"eyeFrameStyle\": null}}");
        assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
        JsonNode changed = patched.json();
        assertThat(changed.path("name").asText()).isEqualTo("Brand, red");
        assertThat(changed.path("design").path("foregroundColor").asText()).isEqualTo("#b71c1c");
        assertThat(changed.path("design").path("frame").path("text").asText()).isEqualTo("Menu");
        assertThat(changed.path("design").path("frame").path("style").asText()).isEqualTo("banner-bottom");
        assertThat(changed.path("design").has("eyeFrameStyle")).isFalse();
        assertThat(changed.path("design").path("logo")).isEqualTo(design.path("logo"));
        assertThat(changed.path("createdAt")).isEqualTo(created.path("createdAt"));
        assertThat(get(path).json()).isEqualTo(changed);

        // Another workspace sees none of it, and cannot draw with it.
        assertThat(Api.getAs(Api.OTHER_KEY, path).status()).isEqualTo(404);
        assertThat(Api.patchAs(Api.OTHER_KEY, path, "{\"name\": \"x\"}").status()).isEqualTo(404);
        assertThat(Api.deleteAs(Api.OTHER_KEY, path).status()).isEqualTo(404);
        assertThat(Api.getAs(Api.OTHER_KEY, "/api/v1/templates").json().path("items").findValuesAsText("id"))
                .doesNotContain(id);
        refused(Api.postAs(Api.OTHER_KEY, "/api/v1/qr", Api.json(Map.of("data", "x", "template", id))), "template");

        assertThat(delete(path).status()).isEqualTo(204);
        assertThat(get(path).status()).isEqualTo(404);
        assertThat(delete(path).status()).isEqualTo(404);
        assertThat(delete("/api/v1/templates/" + second.path("id").asText()).status()).isEqualTo(204);
    }

    @Test
    void badTemplatesAreRefusedNamingTheField() {
        refused(post("/api/v1/templates", Api.json(Map.of("design", BRAND))), "name");
        refused(post("/api/v1/templates", Api.json(Map.of("name", " ", "design", BRAND))), "name");
        refused(post("/api/v1/templates", Api.json(Map.of("name", "x".repeat(101), "design", BRAND))), "name");
        refused(post("/api/v1/templates", Api.json(Map.of("name", "No design"))), "design");
        refused(post("/api/v1/templates", Api.json(Map.of("name", "t", "design", Map.of("foregroundColor", "red")))),
                "design.foregroundColor");
        refused(post("/api/v1/templates", Api.json(Map.of("name", "t", "design",
                Map.of("frame", Map.of("style", "circle"))))), "design.frame.style");
        refused(post("/api/v1/templates", Api.json(Map.of("name", "t", "design",
                Map.of("eyes", Map.of("topLeft", Map.of("ballColor", "#12")))))), "design.eyes.topLeft.ballColor");
        refused(post("/api/v1/templates", Api.json(Map.of("name", "t", "design",
                Map.of("logo", "sha256:" + "0".repeat(64))))), "design.logo");
        refused(post("/api/v1/templates", Api.json(Map.of("name", "t", "design", Map.of("logoSize", 0.9)))),
                "design.logoSize");
        refused(post("/api/v1/templates", Api.json(Map.of("name", "t", "design", Map.of(), "format", "png"))),
                "format");
        refused(get("/api/v1/templates?limit=0"), "limit");

        String path = "/api/v1/templates/" + create("Patched badly", BRAND).path("id").asText();
        refused(patch(path, "{\"design\": {\"bodyStyle\": \"hearts\"}}"), "design.bodyStyle");
        refused(patch(path, "{\"name\": null}"), "name");
        refused(patch(path, "{\"size\": 300}"), "size");
        assertThat(get(path).json().path("design").path("bodyStyle").asText()).as("nothing changed")
                .isEqualTo("rounded");
        assertThat(patch("/api/v1/templates/tpl_none", "{\"name\": \"x\"}").status()).isEqualTo(404);
        assertThat(delete(path).status()).isEqualTo(204);
    }

    @Test
    void aCodeFromATemplateIsTheCodeOfItsDesignAndTheRequestOverridesItFieldByField() throws Exception {
        Map<String, Object> withLogo = new HashMap<>(BRAND);
        withLogo.put("logo", Logos.pngDataUri(40));
        JsonNode template = create("Generation", withLogo);
        String id = template.path("id").asText();
        String data = unique("from-template");

        JsonNode fromTemplate = code(Map.of("data", data, "template", id));
        JsonNode inline = code(Map.of("data", data, "design", template.path("design")));
        assertThat(fromTemplate.path("svg").asText()).isEqualTo(inline.path("svg").asText());
        assertThat(fromTemplate.path("design")).isEqualTo(inline.path("design"));
        assertThat(fromTemplate.path("errorCorrection").asText()).as("the template's logo raises it").isEqualTo("H");

        JsonNode overridden = code(Map.of("data", data, "template", id, "design",
                Map.of("foregroundColor", "#004d40", "frame", Map.of("text", "Menu"))));
        JsonNode design = overridden.path("design");
        assertThat(design.path("foregroundColor").asText()).isEqualTo("#004d40");
        assertThat(design.path("bodyStyle").asText()).isEqualTo("rounded");
        assertThat(design.path("frame").path("text").asText()).isEqualTo("Menu");
        assertThat(design.path("frame").path("style").asText()).isEqualTo("banner-bottom");
        assertThat(design.path("logo")).isEqualTo(template.path("design").path("logo"));

        Api.Reply preview = post("/api/v1/qr/preview", Api.json(Map.of("data", data, "template", id)));
        assertThat(preview.status()).as(preview.toString()).isEqualTo(200);
        assertThat(preview.json().path("svg").asText()).isEqualTo(inline.path("svg").asText());

        refused(post("/api/v1/qr", Api.json(Map.of("data", data, "template", "tpl_unknown"))), "template");
        refused(post("/api/v1/qr", Api.json(Map.of("data", data, "template", id, "format", "jpeg",
                "design", Map.of("backgroundColor", "transparent")))), "design.backgroundColor");

        // Bulk: the defaults' template, an item's own; an unknown one named by its item.
        String plain = create("Plain dots", Map.of("bodyStyle", "dots")).path("id").asText();
        refused(post("/api/v1/qr/bulk", Api.json(Map.of("defaults", Map.of("template", id),
                "items", List.of(Map.of("data", data), Map.of("data", data, "template", "tpl_unknown"))))),
                "items[1].template");
        refused(post("/api/v1/qr/bulk", Api.json(Map.of("defaults", Map.of("template", "tpl_unknown"),
                "items", List.of(Map.of("data", data))))), "defaults.template");
        Api.Reply accepted = post("/api/v1/qr/bulk", Api.json(Map.of("defaults", Map.of("template", id),
                "items", List.of(Map.of("data", data), Map.of("data", data, "template", plain)))));
        assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);
        JsonNode job = BulkIT.awaitFinished(accepted.json().path("jobId").asText());
        assertThat(job.path("status").asText()).as(job.toString()).isEqualTo("COMPLETED");
        Map<Integer, String> results = new HashMap<>();
        job.path("results").forEach(result -> results.put(result.path("index").asInt(), result.path("id").asText()));
        assertThat(get("/api/v1/qr/" + results.get(0)).json().path("svg").asText())
                .isEqualTo(inline.path("svg").asText());
        JsonNode item = get("/api/v1/qr/" + results.get(1)).json().path("design");
        assertThat(item.path("bodyStyle").asText()).as("the item's template over the defaults'").isEqualTo("dots");
        assertThat(item.path("foregroundColor").asText()).as("what it leaves, from the defaults'")
                .isEqualTo("#1a237e");

        // A dynamic code made from one template, restyled to another.
        Api.Reply dynamic = post("/api/v1/dynamic", Api.json(Map.of("destinationUrl", unique("dynamic"),
                "template", id)));
        assertThat(dynamic.status()).as(dynamic.toString()).isEqualTo(201);
        String qrId = dynamic.json().path("qr").path("id").asText();
        assertThat(get("/api/v1/qr/" + qrId).json().path("design").path("frame").path("text").asText())
                .isEqualTo("Scan me");
        refused(patch("/api/v1/dynamic/" + dynamic.json().path("id").asText(), "{\"template\": \"tpl_unknown\"}"),
                "template");
        Api.Reply restyled = patch("/api/v1/dynamic/" + dynamic.json().path("id").asText(),
                "{\"template\": \"" + plain + "\", \"design\": {\"foregroundColor\": \"#880e4f\"}}");
        assertThat(restyled.status()).as(restyled.toString()).isEqualTo(200);
        JsonNode restyledDesign = get("/api/v1/qr/" + qrId).json().path("design");
        assertThat(restyledDesign.path("bodyStyle").asText()).isEqualTo("dots");
        assertThat(restyledDesign.path("foregroundColor").asText()).isEqualTo("#880e4f");
        assertThat(restyledDesign.has("frame")).as("the template's design replaced the code's").isFalse();
        assertThat(restyledDesign.has("logo")).isFalse();

        // Over an image: the template's frame is left out, not refused.
        Api.Reply composite = post("/api/v1/qr/transparent", Api.json(Map.of("data", data, "size", 240,
                "template", id, "backgrounds", List.of(Map.of("image",
                        Backgrounds.pngDataUri(Backgrounds.flat(new Color(0xf5f0e6))))))));
        assertThat(composite.status()).as(composite.toString()).isEqualTo(201);
        JsonNode placed = get("/api/v1/qr/" + composite.json().path("id").asText()).json().path("design");
        assertThat(placed.path("bodyStyle").asText()).isEqualTo("rounded");
        assertThat(placed.has("frame")).isFalse();

        assertThat(delete("/api/v1/templates/" + plain).status()).isEqualTo(204);
        assertThat(delete("/api/v1/templates/" + id).status()).isEqualTo(204);
    }

    @Test
    void changingOrDeletingATemplateLeavesTheCodesMadeFromIt() {
        String unused = create("Used by nothing", Map.of("bodyStyle", "star")).path("id").asText();
        assertThat(delete("/api/v1/templates/" + unused).status()).isEqualTo(204);

        String id = create("Used by a code", BRAND).path("id").asText();
        JsonNode made = code(Map.of("data", unique("kept"), "template", id));
        String codePath = "/api/v1/qr/" + made.path("id").asText();
        String image = get(codePath + "/image").text();

        assertThat(patch("/api/v1/templates/" + id, "{\"design\": {\"foregroundColor\": \"#b71c1c\"}}").status())
                .isEqualTo(200);
        assertThat(get(codePath).json().path("design")).isEqualTo(made.path("design"));
        assertThat(delete("/api/v1/templates/" + id).status()).isEqualTo(204);
        JsonNode kept = get(codePath).json();
        assertThat(kept.path("design")).isEqualTo(made.path("design"));
        assertThat(kept.path("design").path("foregroundColor").asText()).isEqualTo("#1a237e");
        assertThat(get(codePath + "/image").text()).isEqualTo(image);
        refused(post("/api/v1/qr", Api.json(Map.of("data", "x", "template", id))), "template");
    }
}
