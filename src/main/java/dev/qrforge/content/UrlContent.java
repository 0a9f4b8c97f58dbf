package dev.qrforge.content;

import java.time.Clock;

/** A web address (or any absolute URI): the code carries it as it is. */
public record UrlContent(String url) implements Content {

    @Override
    public UrlContent normalised() {
        return new UrlContent(Fields.uri("url", url));
    }

    @Override
    public String encode(Clock clock) {
        return url;
    }
}
