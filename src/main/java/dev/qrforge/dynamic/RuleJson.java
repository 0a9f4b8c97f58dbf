package dev.qrforge.dynamic;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.qrforge.api.Nullable;
import java.util.List;

/**
 * One entry of a dynamic code's {@code rules} as it travels in JSON. {@link RuleValidator} turns a list of
 * these into {@link Rule}s; {@link #of} turns a rule back into its canonical JSON for storage and responses.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RuleJson(String name, ConditionsJson when, String destinationUrl, @Nullable List<SplitJson> split, Utm utm) {

    public static RuleJson of(Rule rule) {
        return new RuleJson(rule.name(), ConditionsJson.of(rule.when()), rule.destinationUrl(),
                rule.split() == null ? null : rule.split().stream().map(SplitJson::of).toList(), rule.utm());
    }
}
