package dev.qrforge.dynamic;

import com.fasterxml.jackson.annotation.JsonInclude;

/** One arm of a rule's {@code split} as it travels in JSON. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SplitJson(String destinationUrl, Integer weight) {

    public static SplitJson of(Rule.Target target) {
        return new SplitJson(target.destinationUrl(), target.weight());
    }
}
