package dev.qrforge.client;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The deployment's one {@link ClientFactsResolver}, configured by
 * <ul>
 * <li>{@code qrforge.trusted-proxies} (QRFORGE_TRUSTED_PROXIES): comma-separated CIDR blocks, default none;</li>
 * <li>{@code qrforge.country-headers} (QRFORGE_COUNTRY_HEADERS): comma-separated header names, default
 * {@link ClientFactsSettings#DEFAULT_COUNTRY_HEADERS}; believed only from a trusted proxy;</li>
 * <li>{@code qrforge.geoip-db} (QRFORGE_GEOIP_DB): path of a GeoIP2/GeoLite2 Country or City database,
 * default none.</li>
 * </ul>
 * Built while the application starts, because loading the user-agent rules takes seconds that no scan should
 * wait for; a bad setting fails the deployment rather than the scans.
 */
@ApplicationScoped
public class ClientFactsService {

    @Inject
    @ConfigProperty(name = "qrforge.trusted-proxies")
    Optional<List<String>> trustedProxies;

    @Inject
    @ConfigProperty(name = "qrforge.country-headers")
    Optional<List<String>> countryHeaders;

    @Inject
    @ConfigProperty(name = "qrforge.geoip-db")
    Optional<String> geoIpDatabase;

    private ClientFactsResolver resolver;

    @PostConstruct
    void start() {
        try {
            resolver = new ClientFactsResolver(new ClientFactsSettings(trustedProxies.orElse(List.of()),
                    countryHeaders.orElse(ClientFactsSettings.DEFAULT_COUNTRY_HEADERS),
                    geoIpDatabase.map(Path::of)), new UserAgentClassifier());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the GeoIP database " + geoIpDatabase.orElseThrow(), e);
        }
    }

    /** Observing the application's start makes the container create this bean then, not on the first scan. */
    void buildAtStartup(@Observes @Initialized(ApplicationScoped.class) Object started) {
    }

    @PreDestroy
    void stop() {
        try {
            resolver.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** See {@link ClientFactsResolver#resolve(String, Function)} and {@link ClientFactsResolver#headers}. */
    public ClientFacts resolve(String peerAddress, Function<String, String> header) {
        return resolver.resolve(peerAddress, header);
    }

    /** See {@link ClientFactsResolver#address}. */
    public InetAddress address(String peerAddress, Function<String, String> header) {
        return resolver.address(peerAddress, header);
    }
}
