package dev.qrforge.dynamic;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.Names;
import dev.qrforge.api.ErrorMapper;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.api.MergePatch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Campaign parameters a dynamic code or one of its rules adds to the destination it sends a scan to, as analytics
 * tools read them ({@code utm_source}, {@code utm_medium}, …). Each is optional; a rule's own override the code's one
 * by one ({@link #over}). Applied when a scan is routed, so a destination stays what its owner typed.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Utm(String source, String medium, String campaign, String term, String content) {

    /** Long enough for any campaign name people type; short enough that a redirect's URL stays well under 8 KB. */
    public static final int MAX_LENGTH = 200;

    /** RFC 3986's unreserved characters: the only ones a query value carries unencoded. */
    private static final String UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    private static final ObjectMapper JSON = JsonConfig.build();

    /**
     * {@code utm} with each value checked, or null when it sets none.
     *
     * @param path the field's name in the request, for the error ({@code utm}, {@code rules[0].utm})
     */
    public static Utm validate(String path, Utm utm) {
        if (utm == null) {
            return null;
        }
        Map<String, String> values = utm.parameters();
        if (values.isEmpty()) {
            return null;
        }
        values.forEach((parameter, value) -> {
            String field = path + "." + parameter.substring("utm_".length());
            if (Names.blank(value) || Names.length(value) > MAX_LENGTH) {
                throw ApiException.invalid(field, field + " must be 1 to " + MAX_LENGTH + " characters and not blank");
            }
            if (Names.hasControl(value)) {
                throw ApiException.invalid(field, field + " must not contain control characters");
            }
        });
        return utm;
    }

    /**
     * {@code current} changed by a merge patch's {@code utm} value (RFC 7396, one level down): a parameter given is
     * set, one given as null removed, the others kept; null removes them all. Null when none remains.
     */
    public static Utm patch(Utm current, JsonNode patch) {
        if (patch == null || patch.isNull()) {
            return null;
        }
        if (!patch.isObject()) {
            throw ApiException.invalid("utm", "utm must be an object with any of source, medium, campaign, term and"
                    + " content, or null");
        }
        ObjectNode merged = current == null ? JSON.createObjectNode() : JSON.valueToTree(current);
        MergePatch.merge(merged, patch, Utm.class, "utm");
        Utm bound;
        try {
            bound = JSON.treeToValue(merged, Utm.class);
        } catch (JsonProcessingException e) {
            // Binding errors carry paths relative to the object (".medium"); the client knows it as "utm".
            ApiException error = ErrorMapper.translate(e);
            throw new ApiException(error.code(), "utm" + (error.field() == null ? "" : "." + error.field()),
                    error.getMessage());
        }
        return validate("utm", bound);
    }

    /** What the code's row stores: canonical JSON, or null for none. */
    static String stored(Utm utm) {
        try {
            return utm == null ? null : JSON.writeValueAsString(utm);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("strings always serialise", e);
        }
    }

    static Utm fromStored(String json) {
        try {
            return json == null ? null : JSON.readValue(json, Utm.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored campaign parameters are always valid JSON: " + json, e);
        }
    }

    /** These parameters where set, else {@code base}'s; either may be null. */
    public static Utm over(Utm own, Utm base) {
        if (own == null || base == null) {
            return own == null ? base : own;
        }
        return new Utm(first(own.source, base.source), first(own.medium, base.medium),
                first(own.campaign, base.campaign), first(own.term, base.term), first(own.content, base.content));
    }

    /**
     * {@code url} with these parameters at the end of its query: the query's other parameters kept as they are, in
     * their order, a parameter of the same name replaced rather than repeated (a destination carrying its own
     * {@code utm_source} would otherwise be counted under whichever one a tool reads first), the fragment kept last.
     * Values are percent-encoded as UTF-8, everything but RFC 3986's unreserved characters ({@code %20} for a space).
     */
    public static String apply(Utm utm, String url) {
        Map<String, String> parameters = utm == null ? Map.of() : utm.parameters();
        if (parameters.isEmpty()) {
            return url;
        }
        int hash = url.indexOf('#');
        String fragment = hash < 0 ? "" : url.substring(hash);
        String beforeFragment = hash < 0 ? url : url.substring(0, hash);
        int question = beforeFragment.indexOf('?');
        String path = question < 0 ? beforeFragment : beforeFragment.substring(0, question);
        List<String> query = new ArrayList<>();
        if (question >= 0) {
            for (String pair : beforeFragment.substring(question + 1).split("&")) {
                int equals = pair.indexOf('=');
                if (!pair.isEmpty() && !parameters.containsKey(equals < 0 ? pair : pair.substring(0, equals))) {
                    query.add(pair);
                }
            }
        }
        parameters.forEach((name, value) -> query.add(name + "=" + encode(value)));
        return path + "?" + String.join("&", query) + fragment;
    }

    /** The parameters set, by their query names, in the order Google's campaign URL builder writes them. */
    private Map<String, String> parameters() {
        Map<String, String> parameters = new LinkedHashMap<>();
        put(parameters, "utm_source", source);
        put(parameters, "utm_medium", medium);
        put(parameters, "utm_campaign", campaign);
        put(parameters, "utm_term", term);
        put(parameters, "utm_content", content);
        return parameters;
    }

    private static void put(Map<String, String> parameters, String name, String value) {
        if (value != null) {
            parameters.put(name, value);
        }
    }

    private static String first(String own, String base) {
        return own != null ? own : base;
    }

    private static String encode(String value) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            if (b >= 0 && UNRESERVED.indexOf(b) >= 0) {
                encoded.append((char) b);
            } else {
                encoded.append('%').append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
            }
        }
        return encoded.toString();
    }
}
