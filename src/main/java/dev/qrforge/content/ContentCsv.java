package dev.qrforge.content;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorMapper;
import dev.qrforge.api.JsonConfig;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A content from CSV cells named by their field paths ({@code content.type}, {@code content.ssid},
 * {@code content.address.city}). Cells are text, so the few fields that are not are converted here; lists are
 * {@code |}-separated, a vCard phone as {@code type:number} (or a bare number, a cell phone). The result is bound
 * as the JSON form is, so the same fields, and the same errors, apply.
 */
public final class ContentCsv {

    /** The column prefix of a content field. */
    public static final String PREFIX = Content.FIELD + ".";

    private static final ObjectMapper JSON = JsonConfig.build();
    private static final Set<String> NUMBERS = Set.of("latitude", "longitude", "amount");
    private static final Set<String> BOOLEANS = Set.of("hidden");
    private static final Set<String> LISTS = Set.of("phones", "emails");
    private static final Pattern LIST_SEPARATOR = Pattern.compile("\\|");

    private ContentCsv() {
    }

    /**
     * @param cells the row's non-empty cells of columns starting {@link #PREFIX}, by the rest of their names
     * @return the content they describe (not yet {@linkplain Content#normalised() checked})
     */
    public static Content parse(Map<String, String> cells) {
        ObjectNode content = JsonNodeFactory.instance.objectNode();
        String type = cells.get("type");
        cells.forEach((name, value) -> {
            int dot = name.indexOf('.');
            ObjectNode parent = dot < 0 ? content : content.get(name.substring(0, dot)) instanceof ObjectNode nested
                    ? nested : content.putObject(name.substring(0, dot));
            parent.set(name.substring(dot + 1), value(name, value, "vcard".equals(type)));
        });
        try {
            return JSON.treeToValue(content, Content.class);
        } catch (JsonProcessingException e) {
            ApiException error = ErrorMapper.translate(e);
            throw new ApiException(error.code(), error.field() == null ? Content.FIELD : PREFIX + error.field(),
                    error.getMessage());
        }
    }

    private static JsonNode value(String name, String value, boolean typedPhones) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        if (NUMBERS.contains(name)) {
            try {
                return nodes.numberNode(new BigDecimal(value));
            } catch (NumberFormatException e) {
                throw Fields.invalid(name, "must be a number, got '" + value + "'");
            }
        }
        if (BOOLEANS.contains(name)) {
            if (!value.equals("true") && !value.equals("false")) {
                throw Fields.invalid(name, "must be true or false, got '" + value + "'");
            }
            return nodes.booleanNode(Boolean.parseBoolean(value));
        }
        if (LISTS.contains(name)) {
            ArrayNode list = nodes.arrayNode();
            for (String entry : LIST_SEPARATOR.split(value, -1)) {
                int colon = entry.indexOf(':');
                if (typedPhones && name.equals("phones")) {
                    ObjectNode phone = list.addObject();
                    if (colon >= 0) {
                        phone.put("type", entry.substring(0, colon).strip());
                    }
                    phone.put("number", entry.substring(colon + 1).strip());
                } else {
                    list.add(entry.strip());
                }
            }
            return list;
        }
        return nodes.textNode(value);
    }
}
