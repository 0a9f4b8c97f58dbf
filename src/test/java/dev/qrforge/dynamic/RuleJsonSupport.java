package dev.qrforge.dynamic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.JsonConfig;
import java.io.UncheckedIOException;
import java.util.List;

/** Rules as a client sends them: JSON bound by the API's own strict mapper. Single quotes stand for double. */
final class RuleJsonSupport {

    static final ObjectMapper MAPPER = JsonConfig.build();
    private static final TypeReference<List<RuleJson>> RULES = new TypeReference<>() {
    };

    private RuleJsonSupport() {
    }

    static List<RuleJson> parse(String json) {
        try {
            return MAPPER.readValue(json.replace('\'', '"'), RULES);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Rule> rules(String json) {
        return RuleValidator.validate(parse(json));
    }

    static String write(List<Rule> rules) {
        try {
            return MAPPER.writeValueAsString(rules.stream().map(RuleJson::of).toList());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
