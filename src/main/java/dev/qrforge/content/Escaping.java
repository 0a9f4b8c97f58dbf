package dev.qrforge.content;

import java.nio.charset.StandardCharsets;

/** Escapes of the formats no library writes: MECARD and WIFI (backslashes), and URIs (percent-encoding). */
final class Escaping {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private Escaping() {
    }

    /**
     * A MECARD or WIFI field value: a backslash before each of {@code \ ; , : "}, the characters those formats give
     * a meaning (ZXing's parsers, and the phones' readers, undo exactly these). Everything else, line breaks and
     * emoji included, stays as it is.
     */
    static String backslashed(String value) {
        StringBuilder escaped = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\' || c == ';' || c == ',' || c == ':' || c == '"') {
                escaped.append('\\');
            }
            escaped.append(c);
        }
        return escaped.toString();
    }

    /**
     * Percent-encodes the UTF-8 bytes of {@code value} except RFC 3986's unreserved characters and {@code keep}:
     * the strictest reading of RFC 6068, so that no reader mistakes a character for a delimiter (a {@code +}
     * too, which form decoders read as a space).
     */
    static String percentEncoded(String value, String keep) {
        StringBuilder encoded = new StringBuilder(value.length() * 3 / 2);
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.'
                    || c == '_' || c == '~' || keep.indexOf(c) >= 0) {
                encoded.append((char) c);
            } else {
                encoded.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            }
        }
        return encoded.toString();
    }
}
