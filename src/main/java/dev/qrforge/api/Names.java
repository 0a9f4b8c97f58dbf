package dev.qrforge.api;

/** The names people give what they keep (design templates, campaigns): what a picker shows, checked alike. */
public final class Names {

    private Names() {
    }

    /**
     * A required name: not blank, surrounding spaces dropped, at most {@code maxLength} characters without control
     * characters; anything else is a 400 on {@code field}.
     */
    public static String required(String field, String name, int maxLength) {
        if (name == null || name.isBlank()) {
            throw ApiException.invalid(field, field + " is required and must not be blank");
        }
        String stripped = name.strip();
        if (stripped.length() > maxLength || stripped.chars().anyMatch(Character::isISOControl)) {
            throw ApiException.invalid(field, field + " must be at most " + maxLength
                    + " characters, without control characters");
        }
        return stripped;
    }
}
