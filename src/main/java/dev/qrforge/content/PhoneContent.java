package dev.qrforge.content;

import java.time.Clock;

/** A number to call, as a {@code tel:} URI (RFC 3966) of the number without its visual separators. */
public record PhoneContent(String number) implements Content {

    @Override
    public PhoneContent normalised() {
        return new PhoneContent(Fields.phone("number", number));
    }

    @Override
    public String encode(Clock clock) {
        return "tel:" + Fields.dialString(number);
    }
}
