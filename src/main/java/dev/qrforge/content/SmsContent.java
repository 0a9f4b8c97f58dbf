package dev.qrforge.content;

import java.time.Clock;

/**
 * A text message to send, as {@code SMSTO:number:message}: what QRCode Monkey writes and both phone platforms'
 * cameras and ZXing read. The {@code sms:} URI has no agreed way to carry the message ({@code ?body=} on Android,
 * {@code &body=} on older iOS). The number is dialled without its separators; the message runs to the end of the
 * text, so it needs no escaping.
 */
public record SmsContent(String number, String message) implements Content {

    @Override
    public SmsContent normalised() {
        return new SmsContent(Fields.phone("number", number), Fields.optional(message));
    }

    @Override
    public String encode(Clock clock) {
        return "SMSTO:" + Fields.dialString(number) + ":" + (message == null ? "" : message);
    }
}
