package dev.qrforge.content;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * An e-mail to write, as a {@code mailto:} URI (RFC 6068): the address, then {@code subject} and {@code body} as
 * query fields, percent-encoded as UTF-8; line breaks in the body become {@code %0D%0A}, as the RFC requires.
 */
public record EmailContent(String to, String subject, String body) implements Content {

    private static final Pattern LINE_BREAK = Pattern.compile("\r\n|\r|\n");

    @Override
    public EmailContent normalised() {
        return new EmailContent(Fields.email("to", to), Fields.optional(subject), Fields.optional(body));
    }

    @Override
    public String encode(Clock clock) {
        List<String> fields = new ArrayList<>(2);
        if (subject != null) {
            fields.add("subject=" + Escaping.percentEncoded(subject, ""));
        }
        if (body != null) {
            fields.add("body=" + Escaping.percentEncoded(LINE_BREAK.matcher(body).replaceAll("\r\n"), ""));
        }
        return "mailto:" + Escaping.percentEncoded(to, "@") + (fields.isEmpty() ? "" : "?" + String.join("&", fields));
    }
}
