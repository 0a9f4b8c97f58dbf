package dev.qrforge.content;

import java.time.Clock;

/** Free text: the code carries it as it is, as {@code data} would. */
public record TextContent(String text) implements Content {

    @Override
    public TextContent normalised() {
        if (text == null || text.isEmpty()) {
            throw Fields.invalid("text", "is required");
        }
        return this;
    }

    @Override
    public String encode(Clock clock) {
        return text;
    }
}
