package dev.qrforge.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.function.Function;

/** Reading a JSON merge patch (RFC 7396) body: its fields, and their values, every bad one a 400 naming it. */
public final class MergePatch {

    private MergePatch() {
    }

    /** The patch's fields in the order sent; a body that is not a JSON object is INVALID_JSON. */
    public static Iterable<Map.Entry<String, JsonNode>> fields(JsonNode patch) {
        return object(patch)::fields;
    }

    /** The patch as the JSON object it must be; anything else is INVALID_JSON. */
    public static ObjectNode object(JsonNode patch) {
        if (!(patch instanceof ObjectNode object)) {
            throw new ApiException(ErrorCode.INVALID_JSON, null, "a merge patch must be a JSON object");
        }
        return object;
    }

    /** A field that must be a string, which {@code null} cannot clear. */
    public static String text(String field, JsonNode value) {
        if (!value.isTextual()) {
            throw ApiException.invalid(field, field + " must be a string"
                    + (value.isNull() ? " and cannot be cleared" : ""));
        }
        return value.textValue();
    }

    /** A string field that {@code null} clears (null), parsed. */
    public static <T> T optional(JsonNode value, String field, Function<String, T> parse) {
        return value.isNull() ? null : parse.apply(text(field, value));
    }
}
