package dev.qrforge.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Address literals, CIDR blocks and the walk through {@code X-Forwarded-For}. */
class AddressesTest {

    private static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.0.0.0", "10.1.2.3", "255.255.255.255", "::1", "2001:db8::8a2e:370:7334",
            "::ffff:81.2.69.142", "0:0:0:0:0:0:0:1"})
    void readsAddressLiterals(String literal) {
        assertThat(IpAddresses.parse(literal)).isEqualTo(ip(literal));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "localhost", "example.com", "cafe.be", "1.2.3", "1.2.3.4.5", "256.1.1.1", "1..2.3",
            "1.2.3.4.", "01234.1.1.1", "010.1.1.1", "10.01.1.1", "0x7f.0.0.1", "1.2.3.4:8080", "[::1]", "fe80::1%eth0", "unknown", "::g",
            "1:2:3:4:5:6:7:8:9", "1.2.3.-4", " 1.2.3.4"})
    void refusesAnythingElseWithoutAskingDns(String text) {
        assertThat(IpAddresses.parse(text)).isNull();
    }

    @ParameterizedTest
    @CsvSource({
        "10.0.0.0/8,       10.255.255.255, true",
        "10.0.0.0/8,       11.0.0.0,       false",
        "192.168.4.0/22,   192.168.7.255,  true",
        "192.168.4.0/22,   192.168.8.0,    false",
        "192.168.4.0/22,   192.168.3.255,  false",
        "203.0.113.7,      203.0.113.7,    true",
        "203.0.113.7,      203.0.113.8,    false",
        "0.0.0.0/0,        198.51.100.1,   true",
        "0.0.0.0/0,        ::1,            false",
        "::1/128,          ::1,            true",
        "::1/128,          ::2,            false",
        "2001:db8::/32,    2001:db8:ffff::1, true",
        "2001:db8::/33,    2001:db8:8000::1, false",
        "::/0,             10.0.0.1,       false",
        "10.0.0.0/8,       ::ffff:10.9.9.9, true",
    })
    void blocksContainTheirAddressesOnly(String block, String address, boolean contained) {
        assertThat(Cidr.parse(block).contains(ip(address))).isEqualTo(contained);
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.1/8", "10.0.0.0/33", "::1/129", "10.0.0.0/", "10.0.0.0/-1", "10.0.0.0/8/8",
            "example.com/8", "10.0.0.0/ 8", "10.0.0.0/0008"})
    void badBlocksAreRefusedAtStartup(String block) {
        assertThatThrownBy(() -> Cidr.parse(block)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(block);
    }

    private static final TrustedProxies PROXIES = new TrustedProxies(List.of("10.0.0.0/8", " ::1/128 ", ""));

    @Test
    void rightMostUntrustedForwardedAddressIsTheClient() {
        InetAddress proxy = ip("10.0.0.5");
        assertThat(PROXIES.trusts(proxy)).isTrue();
        assertThat(PROXIES.trusts(ip("::1"))).isTrue();
        assertThat(PROXIES.trusts(ip("192.0.2.1"))).isFalse();
        // The client may write anything on the left; only what trusted proxies appended counts.
        assertThat(PROXIES.forwardedClient(proxy, "6.6.6.6, 81.2.69.142, 10.1.1.1"))
                .isEqualTo(ip("81.2.69.142"));
        assertThat(PROXIES.forwardedClient(proxy, "81.2.69.142")).isEqualTo(ip("81.2.69.142"));
        assertThat(PROXIES.forwardedClient(proxy, "2001:db8::1,10.1.1.1")).isEqualTo(ip("2001:db8::1"));
        assertThat(PROXIES.forwardedClient(proxy, "10.9.9.9, 10.1.1.1")).as("all trusted: the left-most")
                .isEqualTo(ip("10.9.9.9"));
        assertThat(PROXIES.forwardedClient(proxy, null)).isEqualTo(proxy);
        assertThat(PROXIES.forwardedClient(proxy, " ")).isEqualTo(proxy);
    }

    @Test
    void garbledForwardedForYieldsNoClient() {
        InetAddress proxy = ip("10.0.0.5");
        assertThat(PROXIES.forwardedClient(proxy, "81.2.69.142, evil.example")).isNull();
        assertThat(PROXIES.forwardedClient(proxy, "81.2.69.142,,10.1.1.1")).isNull();
        assertThat(PROXIES.forwardedClient(proxy, "garbage, 10.1.1.1")).isNull();
        assertThat(PROXIES.forwardedClient(proxy, "garbage, 81.2.69.142")).isEqualTo(ip("81.2.69.142"));
        String hops = "10.0.0.1,".repeat(TrustedProxies.MAX_HOPS);
        assertThat(PROXIES.forwardedClient(proxy, "81.2.69.142," + hops.substring(0, hops.length() - 1)))
                .as("more trusted hops than are read").isNull();
        assertThat(PROXIES.forwardedClient(proxy, hops + "10.0.0.1".repeat(100_000))).isNull();
    }
}
