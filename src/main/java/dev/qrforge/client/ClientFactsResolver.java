package dev.qrforge.client;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.InetAddress;
import java.util.List;
import java.util.function.Function;

/**
 * Everything the scan path records about a scanner, from one request. Cheap enough for every scan: a user agent
 * seen before is a cache hit, and the rest is a few header reads and at most one memory-mapped GeoIP lookup.
 * Hostile input (absurd user agents, forged or garbled {@code X-Forwarded-For}, unknown addresses) yields
 * nulls, never an exception. Thread-safe.
 */
public final class ClientFactsResolver implements AutoCloseable {

    static final String USER_AGENT = "User-Agent";
    static final String FORWARDED_FOR = "X-Forwarded-For";
    static final String ACCEPT_LANGUAGE = "Accept-Language";
    static final String REFERER = "Referer";

    private final UserAgentClassifier userAgents;
    private final TrustedProxies proxies;
    private final List<String> countryHeaders;
    private final GeoIp geoIp;

    /**
     * @param userAgents the deployment's one classifier
     * @throws IllegalArgumentException when a trusted proxy is not a CIDR block
     * @throws IOException              when the GeoIP database cannot be opened
     */
    public ClientFactsResolver(ClientFactsSettings settings, UserAgentClassifier userAgents) throws IOException {
        this.userAgents = userAgents;
        this.proxies = new TrustedProxies(settings.trustedProxies());
        this.countryHeaders = settings.countryHeaders().stream().map(String::strip)
                .filter(name -> !name.isEmpty()).toList();
        this.geoIp = settings.geoIpDatabase().isPresent() ? new GeoIp(settings.geoIpDatabase().get()) : null;
    }

    /**
     * The headers of a request as {@link #resolve(String, Function)} reads them.
     *
     * @param first a header's first line by name, null when absent
     * @param lines every line of a header by name, in order, none when absent
     */
    public static Function<String, String> headers(Function<String, String> first,
            Function<String, ? extends Iterable<String>> lines) {
        // A request may carry X-Forwarded-For more than once; the lines are one list in order (RFC 9110 §5.3).
        return name -> name.equals(FORWARDED_FOR) ? String.join(",", lines.apply(name)) : first.apply(name);
    }

    /**
     * @param peerAddress the direct peer's IP address, as {@link HttpServletRequest#getRemoteAddr} gives it
     * @param header      a header's value by name, null when absent
     */
    public ClientFacts resolve(String peerAddress, Function<String, String> header) {
        UserAgentClassifier.Agent agent = userAgents.classify(header.apply(USER_AGENT));
        InetAddress peer = peerAddress == null ? null : IpAddresses.parse(peerAddress);
        boolean viaProxy = peer != null && proxies.trusts(peer);
        InetAddress client = behind(peer, viaProxy, header);
        GeoIp.Location location = locate(client, viaProxy ? headerCountry(header) : null);
        return new ClientFacts(agent.os(), agent.osVersion(), agent.device(), agent.browser(), agent.browserVersion(),
                location.country(), location.region(), location.city(),
                HeaderFacts.preferredLanguage(header.apply(ACCEPT_LANGUAGE)),
                HeaderFacts.referrerHost(header.apply(REFERER)), agent.bot(), client);
    }

    /**
     * Only the client's address of {@link #resolve}: for records of who did something (the audit log), which need
     * neither the user agent nor the place.
     */
    public InetAddress address(String peerAddress, Function<String, String> header) {
        InetAddress peer = peerAddress == null ? null : IpAddresses.parse(peerAddress);
        return behind(peer, peer != null && proxies.trusts(peer), header);
    }

    private InetAddress behind(InetAddress peer, boolean viaProxy, Function<String, String> header) {
        return viaProxy ? proxies.forwardedClient(peer, header.apply(FORWARDED_FOR)) : peer;
    }

    private String headerCountry(Function<String, String> header) {
        for (String name : countryHeaders) {
            String country = HeaderFacts.country(header.apply(name));
            if (country != null) {
                return country;
            }
        }
        return null;
    }

    /**
     * The proxy's country when it names one, else the database's; region and city only from the database, and
     * only when it agrees on the country, so that a place never straddles two countries.
     */
    private GeoIp.Location locate(InetAddress client, String headerCountry) {
        GeoIp.Location found = geoIp == null || client == null ? GeoIp.Location.UNKNOWN : geoIp.locate(client);
        if (headerCountry == null || headerCountry.equals(found.country())) {
            return found;
        }
        return new GeoIp.Location(headerCountry, null, null);
    }

    @Override
    public void close() throws IOException {
        if (geoIp != null) {
            geoIp.close();
        }
    }
}
