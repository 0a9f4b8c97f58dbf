package dev.qrforge.content;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A Wi-Fi network to join, in the {@code WIFI:} format ZXing defined and both phone platforms read:
 * {@code WIFI:T:<type>;S:<ssid>;P:<password>;H:true;;}, each value backslash-escaped ({@link Escaping#backslashed}).
 * WPA and WPA2 are both {@code T:WPA} (readers tell them apart on the network itself); WPA3 is {@code T:SAE}, what
 * Android 10 and later write and read and iOS reads; an open network is {@code T:nopass}, with no password.
 *
 * @param encryption one of {@link #ENCRYPTIONS}, {@code wpa2} if absent
 * @param hidden     whether the network hides its SSID; false if absent ({@code H:} is then left out)
 */
public record WifiContent(String ssid, String password, String encryption, Boolean hidden) implements Content {

    static final List<String> ENCRYPTIONS = List.of("wpa", "wpa2", "wpa3", "wep", "nopass");
    static final String DEFAULT_ENCRYPTION = "wpa2";
    /** IEEE 802.11's SSID limit, in bytes. */
    static final int MAX_SSID_BYTES = 32;
    /** A WPA passphrase is 8 to 63 printable characters (IEEE 802.11i); WPA3 keeps the range for transition mode. */
    static final int MIN_WPA_PASSWORD = 8;
    static final int MAX_WPA_PASSWORD = 63;
    /** A WEP key is 5 or 13 ASCII characters (40- or 104-bit), or 10 or 26 hex digits. */
    private static final Pattern WEP_KEY = Pattern.compile(
            "[\\x20-\\x7E]{5}|[\\x20-\\x7E]{13}|\\p{XDigit}{10}|\\p{XDigit}{26}");

    @Override
    public WifiContent normalised() {
        String network = Fields.required("ssid", ssid);
        if (network.getBytes(StandardCharsets.UTF_8).length > MAX_SSID_BYTES) {
            throw Fields.invalid("ssid", "must be at most " + MAX_SSID_BYTES + " bytes in UTF-8");
        }
        String type = Fields.oneOf("encryption", encryption, ENCRYPTIONS, DEFAULT_ENCRYPTION);
        String key = password == null || password.isEmpty() ? null : password;
        switch (type) {
            case "nopass" -> {
                if (key != null) {
                    throw Fields.invalid("password", "must be absent for an open network (encryption nopass)");
                }
            }
            case "wep" -> {
                if (key == null || !WEP_KEY.matcher(key).matches()) {
                    throw Fields.invalid("password", "must be a WEP key: 5 or 13 ASCII characters, or 10 or 26 hex"
                            + " digits");
                }
            }
            default -> {
                int length = key == null ? 0 : key.codePointCount(0, key.length());
                if (length < MIN_WPA_PASSWORD || length > MAX_WPA_PASSWORD) {
                    throw Fields.invalid("password", "must be " + MIN_WPA_PASSWORD + " to " + MAX_WPA_PASSWORD
                            + " characters for " + type.toUpperCase(Locale.ROOT) + ", got " + length);
                }
            }
        }
        return new WifiContent(network, key, type, hidden != null && hidden);
    }

    @Override
    public String encode(Clock clock) {
        String type = switch (encryption) {
            case "nopass" -> "nopass";
            case "wep" -> "WEP";
            case "wpa3" -> "SAE";
            default -> "WPA";
        };
        return "WIFI:T:" + type + ";S:" + Escaping.backslashed(ssid) + ";"
                + (password == null ? "" : "P:" + Escaping.backslashed(password) + ";")
                + (hidden ? "H:true;" : "") + ";";
    }
}
