package dev.qrforge.webhook;

import dev.qrforge.client.Cidr;
import dev.qrforge.client.ReservedAddresses;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
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
            return Cidr.parseAll(blocks);
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
            Optional<String> reserved = ReservedAddresses.kind(address);
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
}
