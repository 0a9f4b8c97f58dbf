package dev.qrforge.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Reading a JSON merge patch (RFC 7396) body: its fields, and their values, every bad one a 400 naming it. The one
 * place a patch's unknown fields are refused, in the words a bound body uses ({@link ApiException#unknownField}):
 * a patch is read as a tree, so Jackson's own check never sees it, and a {@code null} for a field that does not
 * exist would otherwise pass as "remove nothing".
 */
public final class MergePatch {

    private static final ObjectMapper JSON = JsonConfig.build();

    private MergePatch() {
    }

    /** The patch's fields in the order sent, each one of {@code allowed}; a body that is not an object is INVALID_JSON. */
    public static Iterable<Map.Entry<String, JsonNode>> fields(JsonNode patch, Collection<String> allowed) {
        return fields(patch, allowed, "");
    }

    /** The same for a patch at {@code at} in the body ({@code patch}), which names its unknown fields from there. */
    public static Iterable<Map.Entry<String, JsonNode>> fields(JsonNode patch, Collection<String> allowed,
            String at) {
        ObjectNode object = object(patch);
        object.fieldNames().forEachRemaining(name -> {
            if (!allowed.contains(name)) {
                throw ApiException.unknownField(at.isEmpty() ? name : at + "." + name, name, allowed);
            }
        });
        return object::fields;
    }

    /** The patch as the JSON object it must be; anything else is INVALID_JSON. */
    public static ObjectNode object(JsonNode patch) {
        if (!(patch instanceof ObjectNode object)) {
            throw new ApiException(ErrorCode.INVALID_JSON, null, "a merge patch must be a JSON object");
        }
        return object;
    }

    /**
     * Merges {@code patch} into {@code target}, the JSON of a {@code type}, as RFC 7396 does (objects member by
     * member, null removes, anything else replaces), each member the patch names, at any depth, checked to be one
     * of the type's (nested records by their own members).
     *
     * @param at the patch's path in the body ({@code utm}), or "" for the body itself
     */
    public static void merge(ObjectNode target, JsonNode patch, Class<?> type, String at) {
        Map<String, Class<?>> members = members(type);
        for (Map.Entry<String, JsonNode> field : fields(patch, members.keySet(), at)) {
            String name = field.getKey();
            String path = at.isEmpty() ? name : at + "." + name;
            Class<?> member = members.get(name);
            JsonNode value = field.getValue();
            if (value.isNull()) {
                target.remove(name);
            } else if (value.isObject() && member.isRecord()) {
                merge(target.get(name) instanceof ObjectNode existing ? existing : target.putObject(name), value,
                        member, path);
            } else {
                target.set(name, value.deepCopy());
            }
        }
    }

    /** The members a bound {@code type} has, by name, with their types: what Jackson would accept. */
    private static Map<String, Class<?>> members(Class<?> type) {
        Map<String, Class<?>> members = new TreeMap<>();
        for (BeanPropertyDefinition property : JSON.getDeserializationConfig()
                .introspect(JSON.constructType(type)).findProperties()) {
            members.put(property.getName(), property.getRawPrimaryType());
        }
        return members;
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
