package dev.qrforge.qr;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.MergePatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A JSON merge patch (RFC 7396) of a code's labels: {@code title} and {@code tags}, {@code null} clearing either. */
final class LabelPatch {

    static final List<String> FIELDS = List.of("title", "tags");

    private LabelPatch() {
    }

    /** @param patch the request body; any field but {@link #FIELDS} is refused, naming it */
    static Labels apply(Labels current, JsonNode patch) {
        String title = current.title();
        List<String> tags = current.tags();
        for (Map.Entry<String, JsonNode> field : MergePatch.fields(patch, FIELDS)) {
            JsonNode value = field.getValue();
            switch (field.getKey()) {
                case "title" -> title = value.isNull() ? null : Labels.title(text("title", value));
                case "tags" -> tags = value.isNull() ? List.of() : Labels.tags(tags(value));
            }
        }
        return new Labels(title, tags);
    }

    private static String text(String field, JsonNode value) {
        if (!value.isTextual()) {
            throw ApiException.invalid(field, field + " must be a string or null");
        }
        return value.textValue();
    }

    private static List<String> tags(JsonNode value) {
        if (!value.isArray()) {
            throw ApiException.invalid("tags", "tags must be an array of strings or null");
        }
        List<String> tags = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            tags.add(text("tags[" + i + "]", value.get(i)));
        }
        return tags;
    }
}
