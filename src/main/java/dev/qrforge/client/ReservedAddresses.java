package dev.qrforge.client;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * Addresses the service must not be made to call on a client's say-so (server-side request forgery): loopback,
 * private, link-local and the other blocks that are not the public internet. The one list for every outgoing call a
 * client can aim: webhook deliveries ({@code webhook.WebhookTargets}) and custom domains' HTTP challenges
 * ({@code domain.DomainVerifier}), each with the networks its own setting allows on top.
 */
public final class ReservedAddresses {

    /** The blocks, and what to call them in an error. */
    private static final Map<Cidr, String> RESERVED = Map.ofEntries(
            Map.entry(Cidr.parse("0.0.0.0/8"), "an unspecified"),
            Map.entry(Cidr.parse("10.0.0.0/8"), "a private"),
            Map.entry(Cidr.parse("100.64.0.0/10"), "a shared (carrier-grade NAT)"),
            Map.entry(Cidr.parse("127.0.0.0/8"), "a loopback"),
            Map.entry(Cidr.parse("169.254.0.0/16"), "a link-local"),
            Map.entry(Cidr.parse("172.16.0.0/12"), "a private"),
            Map.entry(Cidr.parse("192.0.0.0/24"), "a protocol-assignment"),
            Map.entry(Cidr.parse("192.168.0.0/16"), "a private"),
            Map.entry(Cidr.parse("224.0.0.0/4"), "a multicast"),
            Map.entry(Cidr.parse("240.0.0.0/4"), "a reserved"),
            Map.entry(Cidr.parse("::/128"), "an unspecified"),
            Map.entry(Cidr.parse("::1/128"), "a loopback"),
            Map.entry(Cidr.parse("fc00::/7"), "a unique-local"),
            Map.entry(Cidr.parse("fe80::/10"), "a link-local"),
            Map.entry(Cidr.parse("fec0::/10"), "a site-local"),
            Map.entry(Cidr.parse("ff00::/8"), "a multicast"));
    private static final int IPV4_BYTES = 4;

    private ReservedAddresses() {
    }

    /**
     * What kind of internal address this is ("a loopback"), or empty for a public one. An IPv6 address that
     * carries an IPv4 one (IPv4-mapped or -compatible, NAT64, 6to4) is judged by that IPv4 address too, since it
     * may lead there.
     */
    public static Optional<String> kind(InetAddress address) {
        for (Map.Entry<Cidr, String> block : RESERVED.entrySet()) {
            if (block.getKey().contains(address)) {
                return Optional.of(block.getValue());
            }
        }
        return embeddedIpv4(address).flatMap(ReservedAddresses::kind);
    }

    private static Optional<InetAddress> embeddedIpv4(InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return Optional.empty();
        }
        byte[] bytes = address.getAddress();
        int from;
        if (allZero(bytes, 0, 10) && (bytes[10] & bytes[11] & 0xFF) == 0xFF || allZero(bytes, 0, 12)) {
            from = 12; // ::ffff:a.b.c.d (IPv4-mapped), ::a.b.c.d (IPv4-compatible)
        } else if (bytes[0] == 0 && bytes[1] == 0x64 && (bytes[2] & 0xFF) == 0xFF && (bytes[3] & 0xFF) == 0x9B
                && allZero(bytes, 4, 12)) {
            from = 12; // 64:ff9b::a.b.c.d (NAT64)
        } else if (bytes[0] == 0x20 && bytes[1] == 0x02) {
            from = 2; // 2002:aabb:ccdd:: (6to4)
        } else {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByAddress(Arrays.copyOfRange(bytes, from, from + IPV4_BYTES)));
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four bytes are always an IPv4 address", e);
        }
    }

    private static boolean allZero(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
