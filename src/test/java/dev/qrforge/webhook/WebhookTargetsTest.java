package dev.qrforge.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The SSRF checks on webhook targets, on address literals only (no DNS). */
class WebhookTargetsTest {

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.255.0.7", "0.0.0.0", "0.1.2.3", "10.0.0.1", "10.255.255.255",
        "172.16.0.1", "172.31.255.254", "192.168.1.1", "169.254.169.254", "100.64.0.1", "100.127.255.255",
        "192.0.0.8", "224.0.0.1", "239.255.255.250", "255.255.255.255", "::", "::1", "fe80::1", "fc00::1",
        "fd12:3456:789a::1", "fec0::1", "ff02::1",
        // IPv4 inside IPv6: mapped (Java reads it as IPv4), compatible, NAT64, 6to4
        "::ffff:127.0.0.1", "::ffff:10.1.2.3", "::ffff:169.254.169.254", "::127.0.0.1", "::a01:203",
        "64:ff9b::a9fe:a9fe", "64:ff9b::192.168.0.1", "2002:7f00:1::", "2002:c0a8:101::1"})
    void internalAddressesAreRefused(String literal) {
        assertThat(WebhookTargets.reserved(address(literal))).as(literal).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"93.184.215.14", "8.8.8.8", "1.1.1.1", "172.15.255.255", "172.32.0.1", "100.63.255.255",
        "100.128.0.1", "11.0.0.1", "192.169.0.1", "203.0.113.10", "2606:4700:4700::1111", "2001:db8::1",
        "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1", "fbff::1", "fe00::1"})
    void publicAddressesPass(String literal) {
        assertThat(WebhookTargets.reserved(address(literal))).as(literal).isEmpty();
    }

    @Test
    void theReasonNamesTheKindOfAddress() {
        assertThat(WebhookTargets.reserved(address("127.0.0.1"))).hasValue("a loopback");
        assertThat(WebhookTargets.reserved(address("::ffff:192.168.0.1"))).hasValue("a private");
        assertThat(WebhookTargets.reserved(address("100.100.100.100"))).hasValue("a shared (carrier-grade NAT)");
        assertThat(WebhookTargets.reserved(address("fd00::5"))).hasValue("a unique-local");
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
