package dev.qrforge.redirect;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/**
 * A password gate's form as posted ({@code application/x-www-form-urlencoded}), read from the body alone: the
 * container's {@code getParameter} would also take a {@code password} from the query string, and a password in a URL
 * ends up in access logs and browser histories.
 */
final class GateForm {

    static final String FIELD = "password";
    /** Room for the longest password (128 characters) with each of its UTF-8 bytes percent-encoded, and the name. */
    static final int MAX_BYTES = 2048;

    private GateForm() {
    }

    /** The posted password; "" for none, an unreadable form or one beyond {@link #MAX_BYTES}. */
    static String password(HttpServletRequest request) throws IOException {
        byte[] body = request.getInputStream().readNBytes(MAX_BYTES + 1);
        return body.length > MAX_BYTES ? "" : password(new String(body, StandardCharsets.UTF_8));
    }

    static String password(String form) {
        try {
            for (String pair : form.split("&")) {
                int equals = pair.indexOf('=');
                if (equals > 0 && URLDecoder.decode(pair.substring(0, equals), StandardCharsets.UTF_8).equals(FIELD)) {
                    return URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
                }
            }
        } catch (IllegalArgumentException e) {
            // A malformed escape: no password to compare.
        }
        return "";
    }
}
