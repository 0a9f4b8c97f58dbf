package dev.qrforge.qr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorMapper;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.api.MergePatch;
import dev.qrforge.api.WireNames;
import java.io.IOException;
import java.util.List;

/** A change of a kept code's look, as a JSON merge patch (RFC 7396) over the request that made it. */
final class Restyle {

    /** What a restyle may change: everything but the data. */
    static final List<String> FIELDS = List.of("format", "size", "margin", "errorCorrection", "design", "unit", "dpi",
            "colorSpace", TemplateReader.FIELD);

    private static final ObjectMapper JSON = JsonConfig.build();

    private Restyle() {
    }

    /**
     * The request that draws the code anew. An error correction level that was the automatic choice stays
     * automatic, so adding a logo raises it to H as it would for a new code, unless the patch sets one.
     *
     * A {@code template} in the patch restyles the code to that template: its design replaces the code's as what
     * the patch's {@code design} merges over, so the code looks as a new code from the template would.
     *
     * @param current   the code's request as it is now
     * @param design    its design as recorded (a logo by reference)
     * @param templates reads the template the patch may name
     */
    static QrRequest merge(CodeSpec current, DesignJson design, ObjectNode patch, TemplateReader templates) {
        MergePatch.fields(patch, FIELDS);
        ObjectNode changes = patch.deepCopy();
        // A size's unit and dpi go with it, unless the patch sets them: the default size, 300, is pixels, and a
        // size in pixels has no dpi (a code drawn in mm would otherwise refuse both changes with a 400).
        if (changes.has("size") && changes.get("size").isNull() && !changes.has("unit")) {
            changes.putNull("unit");
        }
        if (changes.has("unit") && inPixels(changes.get("unit")) && !changes.has("dpi")) {
            changes.putNull("dpi");
        }
        JsonNode template = changes.remove(TemplateReader.FIELD);
        if (template != null && !template.isNull() && !template.isTextual()) {
            throw ApiException.invalid(TemplateReader.FIELD, "template must be the id of a design template");
        }
        DesignJson base = template == null || template.isNull() ? design
                : templates.design(template.textValue(), null, TemplateReader.FIELD);
        boolean automatic = current.errorCorrection() == QrRequestValidator.defaultErrorCorrection(current.logo());
        PrintSize print = current.print();
        ObjectNode merged = JSON.valueToTree(new QrRequest(null, current.format().wireName(),
                print.unit().physical() ? (Number) print.size() : (Number) current.size(), current.margin(),
                automatic ? null : current.errorCorrection().name(), base, null, null,
                WireNames.of(print.unit()), print.dpi(), WireNames.of(print.colorSpace())));
        MergePatch.merge(merged, changes, QrRequest.class, "");
        merged.put("data", current.data());
        try {
            return JSON.treeToValue(merged, QrRequest.class);
        } catch (IOException e) {
            throw ErrorMapper.translate(e);
        }
    }

    private static boolean inPixels(JsonNode unit) {
        return unit.isNull() || unit.isTextual() && unit.textValue().equalsIgnoreCase(WireNames.of(SizeUnit.PX));
    }
}
