package dev.qrforge.domain;

import dev.qrforge.api.ApiException;
import java.net.IDN;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What a custom domain's host may be: a DNS name of two labels or more, stored as clients and browsers send it in
 * {@code Host} (IDNA ASCII, lower case, no trailing dot), never an IP address.
 */
final class Hosts {

    static final int MAX_LENGTH = 253;
    private static final Pattern LABEL = Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");
    /** A top-level label is never all digits, which also keeps dotted IPv4 addresses out. */
    private static final Pattern DIGITS = Pattern.compile("[0-9]+");

    private Hosts() {
    }

    /** The host as a request's {@code Host} names it, port stripped: lower case, no trailing dot. */
    static String ofRequest(String host) {
        String lower = host.toLowerCase(Locale.ROOT);
        return lower.endsWith(".") ? lower.substring(0, lower.length() - 1) : lower;
    }

    /** A client's host in its stored form, or a 400 on {@code field} saying what is wrong with it. */
    static String canonical(String field, String requested) {
        if (requested == null || requested.isBlank()) {
            throw ApiException.invalid(field, field + " is required, e.g. \"go.example.com\"");
        }
        String text = requested.strip();
        if (text.contains("/") || text.contains(":") || text.contains("@")) {
            throw ApiException.invalid(field, field + " must be a host name alone, e.g. \"go.example.com\": no"
                    + " scheme, port, path or address");
        }
        String ascii;
        try {
            ascii = IDN.toASCII(text, IDN.USE_STD3_ASCII_RULES);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid(field, field + " is not a valid domain name: " + e.getMessage());
        }
        String host = ofRequest(ascii);
        if (host.length() > MAX_LENGTH) {
            throw ApiException.invalid(field, field + " must be at most " + MAX_LENGTH + " characters");
        }
        String[] labels = host.split("\\.", -1);
        if (labels.length < 2) {
            throw ApiException.invalid(field, field + " must be a fully qualified domain name such as"
                    + " \"go.example.com\"");
        }
        for (String label : labels) {
            if (!LABEL.matcher(label).matches()) {
                throw ApiException.invalid(field, field + " is not a valid domain name: each label is 1 to 63"
                        + " letters, digits or inner hyphens; got '" + label + "'");
            }
        }
        if (DIGITS.matcher(labels[labels.length - 1]).matches()) {
            throw ApiException.invalid(field, field + " must be a domain name, not an IP address");
        }
        return host;
    }
}
