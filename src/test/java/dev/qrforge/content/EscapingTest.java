package dev.qrforge.content;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EscapingTest {

    @Test
    void mecardAndWifiEscapeTheirFiveSpecialCharacters() {
        assertThat(Escaping.backslashed("a\\b;c,d:e\"f'g\nh😀")).isEqualTo("a\\\\b\\;c\\,d\\:e\\\"f'g\nh😀");
    }

    @Test
    void percentEncodingKeepsOnlyUnreservedCharacters() {
        assertThat(Escaping.percentEncoded("a b+c&d=e?f#g%h~i.j-k_l", ""))
                .isEqualTo("a%20b%2Bc%26d%3De%3Ff%23g%25h~i.j-k_l");
        assertThat(Escaping.percentEncoded("é😀", "")).isEqualTo("%C3%A9%F0%9F%98%80");
        assertThat(Escaping.percentEncoded("a@b", "@")).isEqualTo("a@b");
    }

    @Test
    void wifiAndMecardAsWritten() {
        assertThat(new WifiContent("My;Net", "pa:ss\"word", "wpa2", true).encode(null))
                .isEqualTo("WIFI:T:WPA;S:My\\;Net;P:pa\\:ss\\\"word;H:true;;");
        assertThat(new MecardContent("Jane", "Doe, Jr.", java.util.List.of("+1 555"), null, null, null, null, null)
                .encode(null)).isEqualTo("MECARD:N:Doe\\, Jr.,Jane;TEL:+1555;;");
    }
}
