package dev.qrforge.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.api.ApiException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** What a custom domain's host may be, and the one form it is stored and matched in. */
class HostsTest {

    @ParameterizedTest
    @CsvSource({"go.example.com, go.example.com", "Go.Example.COM, go.example.com", "go.example.com., go.example.com",
        "bücher.example, xn--bcher-kva.example", "BÜCHER.example, xn--bcher-kva.example",
        "a-b.c-d.example.co.uk, a-b.c-d.example.co.uk", "'  links.example.org ', links.example.org",
        "xn--bcher-kva.example, xn--bcher-kva.example"})
    void hostsAreStoredInTheirAsciiLowerCaseForm(String requested, String stored) {
        assertThat(Hosts.canonical("host", requested)).isEqualTo(stored);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "localhost", "example", "127.0.0.1", "10.0.0.1", "1.2.3.4.5", "::1", "[::1]",
        "https://go.example.com", "go.example.com/path", "go.example.com:8080", "user@go.example.com",
        "-go.example.com", "go-.example.com", "go..example.com", "under_score.example.com", "go example.com",
        "*.example.com"})
    void anythingButADnsNameOfTwoLabelsIsRefusedNamingTheField(String requested) {
        assertThatThrownBy(() -> Hosts.canonical("host", requested)).isInstanceOf(ApiException.class)
                .extracting("field").isEqualTo("host");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "abcdefghij"})
    void aHostLongerThanDnsAllowsIsRefused(String label) {
        String tooLong = (label + ".").repeat(300 / (label.length() + 1)) + "example";
        assertThatThrownBy(() -> Hosts.canonical("host", tooLong)).isInstanceOf(ApiException.class);
    }

    @ParameterizedTest
    @CsvSource({"GO.Example.com, go.example.com", "go.example.com., go.example.com", "127.0.0.1, 127.0.0.1"})
    void aRequestsHostIsMatchedLowerCaseWithoutItsTrailingDot(String host, String matched) {
        assertThat(Hosts.ofRequest(host)).isEqualTo(matched);
    }
}
