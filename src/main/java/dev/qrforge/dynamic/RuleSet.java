package dev.qrforge.dynamic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorMapper;
import dev.qrforge.api.JsonConfig;
import java.util.List;

/**
 * A code's validated routing rules together with their canonical JSON, which is what is stored and returned.
 * Requests (POST and PATCH alike) and stored rows go through {@link #parse}, so nothing unvalidated ever routes.
 */
public record RuleSet(List<Rule> rules, String json) {

    private static final ObjectMapper JSON = JsonConfig.build();
    private static final TypeReference<List<RuleJson>> RULE_LIST = new TypeReference<>() {
    };
    static final RuleSet NONE = new RuleSet(List.of(), "[]");

    /** @param rules the {@code rules} value of a request: absent or null means none */
    public static RuleSet parse(JsonNode rules) {
        if (rules == null || rules.isNull()) {
            return NONE;
        }
        if (!rules.isArray()) {
            throw ApiException.invalid("rules", "rules must be an array of rules");
        }
        List<RuleJson> bound;
        try {
            bound = JSON.readerFor(RULE_LIST).readValue(rules);
        } catch (java.io.IOException e) {
            // Binding errors carry paths relative to the array ("[2].when.os"); the client knows it as "rules".
            ApiException error = ErrorMapper.translate(e);
            String field = error.field() == null ? "" : error.field();
            throw new ApiException(error.code(), "rules" + field, error.getMessage());
        }
        List<Rule> valid = RuleValidator.validate(bound);
        try {
            return new RuleSet(valid, JSON.writeValueAsString(valid.stream().map(RuleJson::of).toList()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("validated rules always serialise", e);
        }
    }

    static RuleSet fromStored(String json) {
        return parse(tree(json));
    }

    public JsonNode tree() {
        return tree(json);
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored rules are always valid JSON", e);
        }
    }
}
