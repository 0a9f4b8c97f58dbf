package dev.qrforge.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which addresses count as internal, against SSRF, on address literals only (no DNS). */
class ReservedAddressesTest {

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
        assertThat(ReservedAddresses.kind(address(literal))).as(literal).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"93.184.215.14", "8.8.8.8", "1.1.1.1", "172.15.255.255", "172.32.0.1", "100.63.255.255",
        "100.128.0.1", "11.0.0.1", "192.169.0.1", "203.0.113.10", "2606:4700:4700::1111", "2001:db8::1",
        "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1", "fbff::1", "fe00::1"})
    void publicAddressesPass(String literal) {
        assertThat(ReservedAddresses.kind(address(literal))).as(literal).isEmpty();
    }

    @Test
    void theReasonNamesTheKindOfAddress() {
        assertThat(ReservedAddresses.kind(address("127.0.0.1"))).hasValue("a loopback");
        assertThat(ReservedAddresses.kind(address("::ffff:192.168.0.1"))).hasValue("a private");
        assertThat(ReservedAddresses.kind(address("100.100.100.100"))).hasValue("a shared (carrier-grade NAT)");
        assertThat(ReservedAddresses.kind(address("fd00::5"))).hasValue("a unique-local");
    }
}
