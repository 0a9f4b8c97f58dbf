package dev.qrforge.client;

import java.net.InetAddress;
import java.util.List;

/**
 * The proxies whose word about a request is believed: the client address in {@code X-Forwarded-For} and the
 * country in a CDN header. Anyone else can write those headers, so from anyone else they are ignored.
 */
final class TrustedProxies {

    /**
     * How many {@code X-Forwarded-For} entries are read from the right before giving up. Real chains are a CDN
     * and a load balancer or two; reading more would only let a client make each scan do more work.
     */
    static final int MAX_HOPS = 16;

    private final List<Cidr> blocks;

    /** @param cidrs blocks such as {@code 10.0.0.0/8} or {@code ::1/128}; a bare address is a block of one */
    TrustedProxies(List<String> cidrs) {
        blocks = Cidr.parseAll(cidrs);
    }

    boolean trusts(InetAddress address) {
        for (Cidr block : blocks) {
            if (block.contains(address)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The client behind a trusted proxy: the right-most entry of {@code forwardedFor} that is not itself a
     * trusted proxy, or the left-most entry when all are; the proxy itself when the header is absent or blank.
     * Null when an entry that has to be read is not an address, or more than {@link #MAX_HOPS} would have to be.
     *
     * @param proxy        the direct peer, which must be {@linkplain #trusts trusted}
     * @param forwardedFor every {@code X-Forwarded-For} value of the request joined by commas, or null
     */
    InetAddress forwardedClient(InetAddress proxy, String forwardedFor) {
        if (forwardedFor == null || forwardedFor.isBlank()) {
            return proxy;
        }
        InetAddress client = null;
        int end = forwardedFor.length();
        for (int hop = 0; hop < MAX_HOPS && end >= 0; hop++) {
            int comma = forwardedFor.lastIndexOf(',', end - 1);
            client = IpAddresses.parse(forwardedFor.substring(comma + 1, end).strip());
            if (client == null || !trusts(client)) {
                return client;
            }
            end = comma;
        }
        return end < 0 ? client : null;
    }
}
