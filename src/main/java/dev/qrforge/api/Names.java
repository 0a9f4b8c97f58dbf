package dev.qrforge.api;

/**
 * The names and labels people give what they keep (design templates, campaigns, tags): what a picker shows, checked
 * alike, and checked as the OpenAPI document states the rule (its {@code Name} and {@code Tag} patterns), so that a
 * name the document calls valid is one the API takes: lengths count characters as JSON Schema does (code points,
 * not UTF-16 units), and blank means made only of what JSON Schema's {@code \s} matches (ECMA-262 white space and
 * line terminators).
 */
public final class Names {

    private Names() {
    }

    /**
     * A required name: not blank, at most {@code maxLength} characters without control characters, surrounding spaces
     * dropped; anything else is a 400 on {@code field}.
     */
    public static String required(String field, String name, int maxLength) {
        if (name == null || blank(name)) {
            throw ApiException.invalid(field, field + " is required and must not be blank");
        }
        if (length(name) > maxLength || hasControl(name)) {
            throw ApiException.invalid(field, field + " must be at most " + maxLength
                    + " characters, without control characters");
        }
        return name.strip();
    }

    /** Characters as JSON Schema's {@code maxLength} counts them. */
    public static int length(String text) {
        return text.codePointCount(0, text.length());
    }

    /** Whether the text holds a control character (C0, DEL or C1). */
    public static boolean hasControl(String text) {
        return text.codePoints().anyMatch(Character::isISOControl);
    }

    /** Whether the text is empty or only white space as ECMA-262 (and so JSON Schema's {@code \s}) defines it. */
    public static boolean blank(String text) {
        return text.codePoints().allMatch(Names::ecmaWhiteSpace);
    }

    private static boolean ecmaWhiteSpace(int c) {
        return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A)
                || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000 || c == 0xFEFF;
    }
}
