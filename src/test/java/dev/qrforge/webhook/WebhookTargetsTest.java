package dev.qrforge.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The SSRF checks on webhook targets, on address literals only (no DNS). */
class WebhookTargetsTest {

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void publicHttpsPassesAndPublicHttpDoesNot() throws TargetRefused {
        WebhookTargets targets = new WebhookTargets(List.of());
        targets.check(URI.create("https://hooks.example.com/in"), List.of(address("93.184.215.14")));
        assertThatThrownBy(() -> targets.check(URI.create("http://hooks.example.com/in"),
                List.of(address("93.184.215.14")))).isInstanceOf(TargetRefused.class).hasMessageContaining("https");
    }

    @Test
    void everyResolvedAddressMustPass() {
        WebhookTargets targets = new WebhookTargets(List.of());
        assertThatThrownBy(() -> targets.check(URI.create("https://rebind.example.com/"),
                List.of(address("93.184.215.14"), address("10.0.0.5"))))
                .isInstanceOf(TargetRefused.class)
                .hasMessageContaining("10.0.0.5").hasMessageContaining("a private address");
    }

    @Test
    void allowedNetworksLetInternalTargetsInEvenOverHttp() throws TargetRefused {
        WebhookTargets targets = new WebhookTargets(List.of("127.0.0.1/32", " 10.1.0.0/16", "fd00::/8"));
        targets.check(URI.create("http://127.0.0.1:8080/hook"), List.of(address("127.0.0.1")));
        targets.check(URI.create("http://10.1.2.3/hook"), List.of(address("10.1.2.3")));
        targets.check(URI.create("https://[fd00::1]/hook"), List.of(address("fd00::1")));
        assertThatThrownBy(() -> targets.check(URI.create("http://127.0.0.2/"), List.of(address("127.0.0.2"))))
                .isInstanceOf(TargetRefused.class).hasMessageContaining("a loopback");
        assertThatThrownBy(() -> targets.check(URI.create("https://10.2.0.1/"), List.of(address("10.2.0.1"))))
                .isInstanceOf(TargetRefused.class);
    }

    @Test
    void aBadAllowListStopsTheServerWithItsName() {
        assertThatThrownBy(() -> new WebhookTargets(List.of("10.0.0.1/8")))
                .hasMessageContaining("QRFORGE_WEBHOOK_ALLOWED_NETWORKS");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "ftp://example.com/x", "file:///etc/passwd", "gopher://example.com",
        "https:///nohost", "not a url", "https://user:pass@example.com/", "mailto:a@example.com", "//example.com/x"})
    void malformedUrlsAreRefused(String url) {
        assertThatThrownBy(() -> WebhookTargets.wellFormed(url)).as(url).isInstanceOf(TargetRefused.class)
                .hasMessageStartingWith("url");
    }

    @Test
    void ipv6LiteralHostsResolveWithoutTheirBrackets() {
        WebhookTargets targets = new WebhookTargets(List.of());
        assertThatThrownBy(() -> targets.check("https://[::1]:8443/hook")).isInstanceOf(TargetRefused.class)
                .hasMessageContaining("a loopback");
    }
}
