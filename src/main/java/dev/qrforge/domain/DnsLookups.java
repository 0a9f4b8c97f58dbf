package dev.qrforge.domain;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.AAAARecord;
import org.xbill.DNS.ExtendedResolver;
import org.xbill.DNS.Lookup;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Resolver;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.TextParseException;
import org.xbill.DNS.Type;

/**
 * The DNS questions a domain's verification asks (dnsjava): its challenge TXT record, and the addresses the HTTP
 * challenge connects to. Asked of {@code qrforge.domains.dns-servers} (QRFORGE_DOMAINS_DNS_SERVERS, {@code host} or
 * {@code host:port}, comma-separated), else of the system's resolvers; never cached here, so a record just set is
 * seen at the next attempt (the resolvers' own caches aside).
 */
@ApplicationScoped
class DnsLookups {

    private static final int DNS_PORT = 53;

    @Inject
    @ConfigProperty(name = "qrforge.domains.dns-servers")
    Optional<List<String>> servers;

    @Inject
    @ConfigProperty(name = "qrforge.domains.check-timeout-millis", defaultValue = "5000")
    long timeoutMillis;

    private Resolver resolver;

    @PostConstruct
    void configure() {
        List<String> configured = servers.orElse(List.of()).stream().map(String::strip)
                .filter(server -> !server.isEmpty()).toList();
        ExtendedResolver chosen;
        if (configured.isEmpty()) {
            chosen = new ExtendedResolver();
        } else {
            List<Resolver> each = new ArrayList<>();
            for (String server : configured) {
                each.add(new SimpleResolver(address(server)));
            }
            chosen = new ExtendedResolver(each);
        }
        chosen.setTimeout(Duration.ofMillis(timeoutMillis));
        resolver = chosen;
    }

    private static InetSocketAddress address(String server) {
        int colon = server.lastIndexOf(':');
        boolean withPort = colon > 0 && server.indexOf(':') == colon;
        try {
            return withPort
                    ? new InetSocketAddress(server.substring(0, colon), Integer.parseInt(server.substring(colon + 1)))
                    : new InetSocketAddress(server, DNS_PORT);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("QRFORGE_DOMAINS_DNS_SERVERS: '" + server + "' is not host or"
                    + " host:port", e);
        }
    }

    /** The TXT strings of {@code name}, each record's strings joined as RFC 7208 reads them; none if it has none. */
    List<String> txt(String name) throws DnsFailure {
        List<String> texts = new ArrayList<>();
        for (Record record : ask(name, Type.TXT)) {
            if (record instanceof TXTRecord txt) {
                texts.add(String.join("", txt.getStrings()));
            }
        }
        return texts;
    }

    /** The IPv4 and IPv6 addresses of {@code host}, CNAMEs followed. */
    List<InetAddress> addresses(String host) throws DnsFailure {
        List<InetAddress> addresses = new ArrayList<>();
        for (int type : new int[] {Type.A, Type.AAAA}) {
            for (Record record : ask(host, type)) {
                if (record instanceof ARecord a) {
                    addresses.add(a.getAddress());
                } else if (record instanceof AAAARecord aaaa) {
                    addresses.add(aaaa.getAddress());
                }
            }
        }
        return addresses;
    }

    private List<Record> ask(String name, int type) throws DnsFailure {
        Lookup lookup;
        try {
            lookup = new Lookup(Name.fromString(name, Name.root), type);
        } catch (TextParseException e) {
            throw new DnsFailure(name + " is not a DNS name");
        }
        lookup.setResolver(resolver);
        // A cache of this lookup's own: an answer must not outlive the attempt that asked for it. The name is
        // absolute, so no search path applies.
        lookup.setCache(null);
        Record[] answers = lookup.run();
        return switch (lookup.getResult()) {
            case Lookup.SUCCESSFUL -> List.of(answers);
            case Lookup.HOST_NOT_FOUND, Lookup.TYPE_NOT_FOUND -> List.of();
            default -> throw new DnsFailure("the DNS lookup of " + Type.string(type) + " " + name + " failed: "
                    + lookup.getErrorString());
        };
    }

    /** A lookup that got no answer at all (timeout, server failure), as opposed to an answer without records. */
    static final class DnsFailure extends Exception {

        DnsFailure(String message) {
            super(message, null, false, false);
        }
    }
}
