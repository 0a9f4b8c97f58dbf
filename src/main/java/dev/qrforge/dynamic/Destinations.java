package dev.qrforge.dynamic;

import dev.qrforge.api.ApiException;
import java.net.URI;
import java.net.URISyntaxException;

/** What may stand where a scanner is sent: an absolute web address and nothing that could run in the browser. */
public final class Destinations {

    /** The longest URL every mainstream browser and CDN is known to handle. */
    public static final int MAX_LENGTH = 2048;
    private static final int MAX_PORT = 65535;

    private Destinations() {
    }

    /**
     * @return {@code value} unchanged
     * @throws ApiException naming {@code field} when the value is not an absolute http(s) URL with a host
     */
    public static String requireHttpUrl(String field, String value) {
        if (value == null) {
            throw ApiException.invalid(field, field + " is required");
        }
        if (value.length() > MAX_LENGTH) {
            throw ApiException.invalid(field, field + " must be at most " + MAX_LENGTH + " characters long");
        }
        // Invisible characters would let a URL read as one address and lead to another.
        if (value.codePoints().anyMatch(Destinations::invisible)) {
            throw ApiException.invalid(field, field + " must not contain whitespace or control characters");
        }
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            throw ApiException.invalid(field, field + " is not a valid URL (" + e.getReason()
                    + "); percent-encode characters such as |, { and }");
        }
        if (uri.getScheme() == null) {
            throw ApiException.invalid(field, field + " must be an absolute URL such as https://example.com/page");
        }
        if (!uri.getScheme().equalsIgnoreCase("http") && !uri.getScheme().equalsIgnoreCase("https")) {
            throw ApiException.invalid(field, field + " must use http or https, not '" + uri.getScheme() + "'");
        }
        if (uri.getHost() == null) {
            throw ApiException.invalid(field, field + " must name a valid host, as in https://example.com/page");
        }
        // https://bank.example@evil.example goes to evil.example: user info only serves to disguise the host.
        if (uri.getRawUserInfo() != null) {
            throw ApiException.invalid(field, field + " must not contain user info ('user@' before the host)");
        }
        if (uri.getPort() > MAX_PORT) {
            throw ApiException.invalid(field, field + " has a port above " + MAX_PORT);
        }
        return value;
    }

    private static boolean invisible(int c) {
        return Character.isISOControl(c) || Character.isWhitespace(c) || Character.isSpaceChar(c)
                || Character.getType(c) == Character.FORMAT;
    }
}
