package dev.qrforge.webhook;

import dev.qrforge.client.Cidr;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where webhooks may deliver, against server-side request forgery: an http(s) URL whose host resolves only to
 * public addresses, unless they lie in {@code qrforge.webhook.allowed-networks} (QRFORGE_WEBHOOK_ALLOWED_NETWORKS,
 * comma-separated CIDR blocks, default none). Plain http goes only to allowed networks: anything else must be
 * https. Checked when a webhook is created and again before every attempt, since DNS may have changed since.
 */
@ApplicationScoped
public class WebhookTargets {

    static final int MAX_URL_LENGTH = 2048;

    /** Blocks no webhook may reach unless allowed, and what to call them in an error. */
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

    @Inject
    @ConfigProperty(name = "qrforge.webhook.allowed-networks")
    Optional<List<String>> allowedSetting;

    private List<Cidr> allowed = List.of();

    WebhookTargets() {
    }

    /** For tests: a policy with these allowed blocks. */
    WebhookTargets(List<String> allowedNetworks) {
        allowed = parse(allowedNetworks);
    }

    @PostConstruct
    void readSettings() {
        allowed = parse(allowedSetting.orElse(List.of()));
    }

    private static List<Cidr> parse(List<String> blocks) {
        try {
            return blocks.stream().map(String::strip).filter(block -> !block.isEmpty()).map(Cidr::parse).toList();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("QRFORGE_WEBHOOK_ALLOWED_NETWORKS: " + e.getMessage(), e);
        }
    }

    /** Resolves the URL's host and checks every address it has; returns the URL to call. */
    URI check(String url) throws TargetRefused {
        URI uri = wellFormed(url);
        String host = uri.getHost();
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
        } catch (UnknownHostException e) {
            throw new TargetRefused("url's host " + host + " does not resolve");
        }
        check(uri, List.of(addresses));
        return uri;
    }

    /** The checks on the addresses a URL's host resolved to: every one of them must be acceptable. */
    void check(URI uri, List<InetAddress> addresses) throws TargetRefused {
        boolean plainHttp = uri.getScheme().equalsIgnoreCase("http");
        for (InetAddress address : addresses) {
            if (allowed.stream().anyMatch(block -> block.contains(address))) {
                continue;
            }
            Optional<String> reserved = reserved(address);
            if (reserved.isPresent()) {
                throw new TargetRefused("url's host " + uri.getHost() + " is " + address.getHostAddress() + ", "
                        + reserved.get() + " address; webhooks may target only public addresses, or the networks"
                        + " the server allows (QRFORGE_WEBHOOK_ALLOWED_NETWORKS)");
            }
            if (plainHttp) {
                throw new TargetRefused("url must use https: plain http goes only to networks the server allows"
                        + " (QRFORGE_WEBHOOK_ALLOWED_NETWORKS)");
            }
        }
    }

    /** The syntax: an absolute http or https URL with a host and no credentials. */
    static URI wellFormed(String url) throws TargetRefused {
        if (url == null || url.isBlank()) {
            throw new TargetRefused("url is required");
        }
        if (url.length() > MAX_URL_LENGTH) {
            throw new TargetRefused("url must be at most " + MAX_URL_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new TargetRefused("url is not a valid URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new TargetRefused("url must be an http or https URL");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new TargetRefused("url must name a host");
        }
        if (uri.getRawUserInfo() != null) {
            throw new TargetRefused("url must not carry credentials; verify deliveries by their signature instead");
        }
        return uri;
    }

    /**
     * What kind of internal address this is ("a loopback"), or empty for a public one. An IPv6 address that
     * carries an IPv4 one (IPv4-mapped or -compatible, NAT64, 6to4) is judged by that IPv4 address too, since it
     * may lead there.
     */
    static Optional<String> reserved(InetAddress address) {
        for (Map.Entry<Cidr, String> block : RESERVED.entrySet()) {
            if (block.getKey().contains(address)) {
                return Optional.of(block.getValue());
            }
        }
        return embeddedIpv4(address).flatMap(WebhookTargets::reserved);
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
