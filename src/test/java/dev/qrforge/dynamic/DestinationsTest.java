package dev.qrforge.dynamic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.api.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DestinationsTest {

    @ParameterizedTest
    @ValueSource(strings = {"https://example.com", "http://example.com/a?b=c#d", "HTTPS://Example.com:8443/x",
            "https://10.0.0.1/", "https://[2001:db8::1]/path", "https://example.com/caf%C3%A9",
            "https://example.com/café"})
    void acceptsAbsoluteWebUrlsUnchanged(String url) {
        assertThat(Destinations.requireHttpUrl("destinationUrl", url)).isEqualTo(url);
    }

    @ParameterizedTest
    @ValueSource(strings = {"javascript:alert(1)", "data:text/html,<p>x</p>", "ftp://example.com/file",
            "/relative/path", "example.com", "//example.com/x", "https:example.com", "https:///path",
            "https://exa mple.com", "https://example.com/a b", " https://example.com", "https://example.com\n",
            "https://example.com/\u202Egpj.exe", "https://example.com/\u00A0", "https://example.com/{x}",
            "https://user:pass@example.com/", "https://bank.example@evil.example/", "https://example.com:99999/",
            "", "mailto:someone@example.com"})
    void rejectsAnythingElseNamingTheField(String url) {
        assertThatThrownBy(() -> Destinations.requireHttpUrl("rules[1].destinationUrl", url))
                .isInstanceOfSatisfying(ApiException.class,
                        e -> assertThat(e.field()).isEqualTo("rules[1].destinationUrl"))
                .hasMessageStartingWith("rules[1].destinationUrl ");
    }

    @Test
    void lengthIsCappedAt2048() {
        String prefix = "https://example.com/";
        String longest = prefix + "a".repeat(Destinations.MAX_LENGTH - prefix.length());
        assertThat(Destinations.requireHttpUrl("expiredUrl", longest)).isEqualTo(longest);
        assertThatThrownBy(() -> Destinations.requireHttpUrl("expiredUrl", longest + "a"))
                .hasMessage("expiredUrl must be at most 2048 characters long");
    }

    @Test
    void messagesSayWhatIsWrong() {
        assertThatThrownBy(() -> Destinations.requireHttpUrl("destinationUrl", "javascript:alert(1)"))
                .hasMessage("destinationUrl must use http or https, not 'javascript'");
        assertThatThrownBy(() -> Destinations.requireHttpUrl("destinationUrl", null))
                .hasMessage("destinationUrl is required");
        assertThatThrownBy(() -> Destinations.requireHttpUrl("destinationUrl", "/x"))
                .hasMessage("destinationUrl must be an absolute URL such as https://example.com/page");
        assertThatThrownBy(() -> Destinations.requireHttpUrl("destinationUrl", "https://a@example.com"))
                .hasMessage("destinationUrl must not contain user info ('user@' before the host)");
    }
}
