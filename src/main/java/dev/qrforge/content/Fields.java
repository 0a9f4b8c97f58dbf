package dev.qrforge.content;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.Names;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * The checks content fields share, each failing with a 400 on the field's full path
 * ({@code content.phones[1].number}).
 */
final class Fields {

    /** Digits with the separators people write (spaces, dashes, dots, brackets, slashes), optionally after a +. */
    private static final Pattern PHONE = Pattern.compile("\\+?[0-9 ()./-]+");
    /** The dial string: what a phone needs of a number, the visual separators dropped. */
    private static final Pattern SEPARATORS = Pattern.compile("[ ()./-]");
    /** A phone number is at most 15 digits (ITU-T E.164); the separators around them get as much room again. */
    private static final int MAX_PHONE = 32;
    /**
     * An addr-spec (RFC 5322) as mail clients accept it: a dot-atom local part and a domain of dot-separated
     * labels. Quoted local parts and address literals, which no scanner's mail app takes from a QR code, are left
     * out.
     */
    private static final Pattern EMAIL = Pattern.compile(
            "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
                    + "@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+");
    /** RFC 5321's limit on a whole address. */
    private static final int MAX_EMAIL = 254;

    private Fields() {
    }

    static String path(String field) {
        return Content.FIELD + "." + field;
    }

    static ApiException invalid(String field, String message) {
        String path = path(field);
        return ApiException.invalid(path, path + " " + message);
    }

    /** {@code value}, which must be present and not blank. */
    static String required(String field, String value) {
        if (value == null || Names.blank(value)) {
            throw invalid(field, "is required");
        }
        return value;
    }

    /** {@code value} if present and not blank, else null: a blank optional field is one not given. */
    static String optional(String value) {
        return value == null || Names.blank(value) ? null : value;
    }

    /** {@code value} (null allowed), at most {@code max} characters (code points, as people count them). */
    static String atMost(String field, String value, int max) {
        if (value != null && value.codePointCount(0, value.length()) > max) {
            throw invalid(field, "must be at most " + max + " characters, got "
                    + value.codePointCount(0, value.length()));
        }
        return value;
    }

    /** {@code value} (null allowed), which a format without escapes for line breaks must not hold. */
    static String singleLine(String field, String value) {
        if (value != null && (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0)) {
            throw invalid(field, "must be one line: this format has no way to carry a line break");
        }
        return value;
    }

    /** An absolute URI (a scheme, then anything RFC 3986 allows), present. */
    static String uri(String field, String value) {
        String uri = required(field, value).strip();
        try {
            if (new URI(uri).getScheme() == null) {
                throw invalid(field, "must be an absolute URI with a scheme, e.g. https://example.com; got '" + uri
                        + "'");
            }
        } catch (URISyntaxException e) {
            throw invalid(field, "is not a valid URI (" + e.getReason() + " at index " + e.getIndex()
                    + "); percent-encode characters a URI cannot hold");
        }
        return uri;
    }

    static String email(String field, String value) {
        String email = required(field, value).strip();
        if (email.length() > MAX_EMAIL || !EMAIL.matcher(email).matches()) {
            throw invalid(field, "must be an e-mail address such as name@example.com, got '" + email + "'");
        }
        return email;
    }

    /** A phone number as written, stripped of surrounding space. */
    static String phone(String field, String value) {
        // The length as sent, surrounding spaces included, as the document's maxLength counts it.
        String number = required(field, value).strip();
        if (value.length() > MAX_PHONE || !PHONE.matcher(number).matches()
                || number.chars().noneMatch(Character::isDigit)) {
            throw invalid(field, "must be a phone number: digits, optionally after a +, with spaces, '-', '.', '/',"
                    + " '(' and ')' between them, at most " + MAX_PHONE + " characters; got '" + number + "'");
        }
        return number;
    }

    /** What a phone dials: the number without its visual separators. */
    static String dialString(String number) {
        return SEPARATORS.matcher(number).replaceAll("");
    }

    /** {@code value} lower-cased if it is one of {@code allowed}, {@code fallback} if absent. */
    static String oneOf(String field, String value, List<String> allowed, String fallback) {
        if (value == null) {
            return fallback;
        }
        String lower = value.toLowerCase(Locale.ROOT);
        if (!allowed.contains(lower)) {
            throw invalid(field, "must be one of: " + String.join(", ", allowed) + "; got '" + value + "'");
        }
        return lower;
    }

    /** Each element checked by {@code check} with its path {@code field[i]}; null stays null, empty becomes null. */
    static <T> List<T> each(String field, List<T> values, BiFunction<String, T, T> check) {
        if (values == null || values.isEmpty()) {
            return null;
        }
        return IntStream.range(0, values.size())
                .mapToObj(i -> {
                    T value = values.get(i);
                    if (value == null) {
                        throw invalid(field + "[" + i + "]", "must not be null");
                    }
                    return check.apply(field + "[" + i + "]", value);
                })
                .toList();
    }
}
