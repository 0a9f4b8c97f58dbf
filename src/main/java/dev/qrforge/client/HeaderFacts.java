package dev.qrforge.client;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/** Facts read from single request headers, each null when the header is absent or says nothing usable. */
final class HeaderFacts {

    /** Quality values are at most three decimals (RFC 9110 §12.4.2); counted here in thousandths. */
    private static final int FULL_QUALITY = 1000;
    private static final int MAX_QUALITY_LENGTH = "0.000".length();

    private HeaderFacts() {
    }

    /** A country header's value as an ISO 3166-1 alpha-2 code; null for "XX", "T1" and other non-countries. */
    static String country(String value) {
        if (value == null) {
            return null;
        }
        String code = value.strip().toUpperCase(Locale.ROOT);
        return ClientNames.COUNTRIES.contains(code) ? code : null;
    }

    /**
     * The ISO 639-1 language of the highest-quality range of an {@code Accept-Language} header ("de" for
     * {@code de-CH, fr;q=0.9}); the first wins a tie. Ranges without a two-letter language, wildcards and
     * ranges with q=0 (refused) or a malformed q are passed over.
     */
    static String preferredLanguage(String acceptLanguage) {
        if (acceptLanguage == null) {
            return null;
        }
        String best = null;
        int bestQuality = 0;
        int start = 0;
        while (start <= acceptLanguage.length()) {
            int comma = acceptLanguage.indexOf(',', start);
            int end = comma < 0 ? acceptLanguage.length() : comma;
            String range = acceptLanguage.substring(start, end);
            int semicolon = range.indexOf(';');
            int quality = semicolon < 0 ? FULL_QUALITY : quality(range.substring(semicolon + 1).strip());
            if (quality > bestQuality) {
                String language = language((semicolon < 0 ? range : range.substring(0, semicolon)).strip());
                if (language != null) {
                    best = language;
                    bestQuality = quality;
                }
            }
            start = end + 1;
        }
        return best;
    }

    /** The primary subtag of a language tag when it is an ISO 639-1 code ("zh" for "zh-Hant-TW"). */
    private static String language(String tag) {
        int dash = tag.indexOf('-');
        String primary = (dash < 0 ? tag : tag.substring(0, dash)).toLowerCase(Locale.ROOT);
        return ClientNames.LANGUAGES.contains(primary) ? primary : null;
    }

    /** {@code q=0.8} in thousandths, or -1 when it is not a valid weight. */
    private static int quality(String parameter) {
        if (parameter.length() < 3 || (parameter.charAt(0) != 'q' && parameter.charAt(0) != 'Q')
                || parameter.charAt(1) != '=') {
            return -1;
        }
        String value = parameter.substring(2);
        if (value.length() > MAX_QUALITY_LENGTH || (value.length() > 1 && value.charAt(1) != '.')) {
            return -1;
        }
        int thousandths = 0;
        int scale = FULL_QUALITY;
        for (int i = 0; i < value.length(); i++) {
            if (i == 1) {
                continue;
            }
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            thousandths += (c - '0') * scale;
            scale /= 10;
        }
        return thousandths <= FULL_QUALITY ? thousandths : -1;
    }

    /** The host a {@code Referer} names, lower case; null when it names none. */
    static String referrerHost(String referer) {
        if (referer == null) {
            return null;
        }
        try {
            String host = new URI(referer.strip()).getHost();
            return host == null ? null : host.toLowerCase(Locale.ROOT);
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
