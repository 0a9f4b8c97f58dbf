package dev.qrforge.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HeaderFactsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "NULL", value = {
        "de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7 | de",
        "en-US,en;q=0.5                     | en",
        "fr;q=0.5, EN-gb;q=0.9              | en",
        "*;q=1, es;q=0.3                    | es",
        "fr;q=0, it;q=0.1                   | it",
        "zh-Hant-TW                         | zh",
        "pt-BR;q=0.8, pt-PT;q=0.8           | pt",
        "fr;q=0.8, de;q=0.8                 | fr",
        "nl, en                             | nl",
        "gsw-CH, de;q=0.9                   | de",
        "xx, yy;q=0.9                       | NULL",
        "en;q=1.5, fr;q=0.9                 | fr",
        "en;q=abc, fr;q=0.100               | fr",
        "en;q=0.0001, fr;q=0.001            | fr",
        "en;level=1, fr;q=0.5               | fr",
        "fr;q=0.5 , en ; q=0.8              | en",
        ",,,                                | NULL",
        "''                                 | NULL",
    })
    void preferredLanguageIsTheHighestQualityKnownOne(String header, String language) {
        assertThat(HeaderFacts.preferredLanguage(header)).isEqualTo(language);
    }

    @Test
    void noOrHostileAcceptLanguageIsNull() {
        assertThat(HeaderFacts.preferredLanguage(null)).isNull();
        assertThat(HeaderFacts.preferredLanguage(",".repeat(100_000) + ";")).isNull();
        assertThat(HeaderFacts.preferredLanguage("q=".repeat(100_000))).isNull();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "NULL", value = {
        "https://www.Google.com/search?q=x       | www.google.com",
        "http://t.co/abc                         | t.co",
        "android-app://com.google.android.gm/    | com.google.android.gm",
        "https://[2001:db8::1]:8443/x            | [2001:db8::1]",
        "/relative                               | NULL",
        "not a url                               | NULL",
        "https://                                | NULL",
        "javascript:alert(1)                     | NULL",
    })
    void referrerHostIsTheRefererHostLowerCase(String referer, String host) {
        assertThat(HeaderFacts.referrerHost(referer)).isEqualTo(host);
    }

    @Test
    void countryHeaderMustNameACountry() {
        assertThat(HeaderFacts.country("DE")).isEqualTo("DE");
        assertThat(HeaderFacts.country(" gb ")).isEqualTo("GB");
        assertThat(HeaderFacts.country("XX")).as("Cloudflare: unknown").isNull();
        assertThat(HeaderFacts.country("T1")).as("Cloudflare: Tor").isNull();
        assertThat(HeaderFacts.country("EU")).isNull();
        assertThat(HeaderFacts.country("DEU")).isNull();
        assertThat(HeaderFacts.country("")).isNull();
        assertThat(HeaderFacts.country(null)).isNull();
    }
}
