package dev.qrforge.content;

import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * A contact in NTT DoCoMo's MECARD format, smaller than a vCard:
 * {@code MECARD:N:<last>,<first>;TEL:…;EMAIL:…;ADR:…;URL:…;NOTE:…;BDAY:yyyymmdd;;}, each value backslash-escaped
 * ({@link Escaping#backslashed}). No maintained library writes MECARD, hence the hand-written encoder.
 *
 * @param phones   numbers, in order (MECARD has no phone types)
 * @param address  the postal address as one line or several
 * @param birthday an ISO date, {@code 1990-05-17}
 */
public record MecardContent(String firstName, String lastName, List<String> phones, List<String> emails,
        String address, String url, String note, String birthday) implements Content {

    @Override
    public MecardContent normalised() {
        String first = Fields.optional(firstName);
        String last = Fields.optional(lastName);
        if (first == null && last == null) {
            throw Fields.invalid("firstName", "or content.lastName is required: a MECARD needs a name");
        }
        return new MecardContent(first, last, Fields.each("phones", phones, Fields::phone),
                Fields.each("emails", emails, Fields::email), Fields.optional(address),
                Fields.optional(url) == null ? null : Fields.uri("url", url), Fields.optional(note), birthday(birthday));
    }

    private static String birthday(String value) {
        if (Fields.optional(value) == null) {
            return null;
        }
        try {
            return LocalDate.parse(value.strip()).toString();
        } catch (DateTimeParseException e) {
            throw Fields.invalid("birthday", "must be a date as yyyy-mm-dd, got '" + value + "'");
        }
    }

    @Override
    public String encode(Clock clock) {
        StringBuilder card = new StringBuilder("MECARD:N:");
        // "Last,First": the unescaped comma is the format's separator of the two parts.
        card.append(escaped(lastName)).append(lastName != null && firstName != null ? "," : "")
                .append(escaped(firstName))
                .append(';');
        if (phones != null) {
            phones.forEach(phone -> field(card, "TEL", Fields.dialString(phone)));
        }
        if (emails != null) {
            emails.forEach(email -> field(card, "EMAIL", email));
        }
        field(card, "ADR", address);
        field(card, "URL", url);
        field(card, "NOTE", note);
        field(card, "BDAY", birthday == null ? null
                : LocalDate.parse(birthday).format(DateTimeFormatter.BASIC_ISO_DATE));
        return card.append(';').toString();
    }

    private static String escaped(String name) {
        return name == null ? "" : Escaping.backslashed(name);
    }

    private static void field(StringBuilder card, String name, String value) {
        if (value != null) {
            card.append(name).append(':').append(Escaping.backslashed(value)).append(';');
        }
    }
}
