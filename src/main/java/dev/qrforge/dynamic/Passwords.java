package dev.qrforge.dynamic;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.security.PasswordHashes;

/**
 * A password gate's password as a client sets it ({@code password}, write-only): checked, then kept only as its hash.
 * It must be one a scanner can type into the gate's page, so no control characters (a password field drops line
 * breaks, and nobody types a tab into one).
 */
final class Passwords {

    static final int MIN_LENGTH = 4;
    static final int MAX_LENGTH = 128;
    private static final String FIELD = "password";
    private static final String RULE = "password must be " + MIN_LENGTH + " to " + MAX_LENGTH
            + " characters without control characters";

    private Passwords() {
    }

    /** The hash of a new gate's password, or null for none. */
    static String hashed(String password) {
        if (password == null) {
            return null;
        }
        int length = password.codePointCount(0, password.length());
        if (length < MIN_LENGTH || length > MAX_LENGTH) {
            throw ApiException.invalid(FIELD, RULE + "; got " + length);
        }
        if (password.codePoints().anyMatch(Character::isISOControl)) {
            throw ApiException.invalid(FIELD, RULE);
        }
        return PasswordHashes.hash(password);
    }

    /** A merge patch's {@code password}: a string sets a new gate's password, null removes the gate. */
    static String patch(JsonNode value) {
        if (!value.isNull() && !value.isTextual()) {
            throw ApiException.invalid(FIELD, RULE + ", or null to remove the gate");
        }
        return hashed(value.textValue());
    }
}
