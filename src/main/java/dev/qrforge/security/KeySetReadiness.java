package dev.qrforge.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * When the server accepts tokens (QRFORGE_OIDC_ISSUER), ready only while the issuer's key set (JWKS) answers with
 * at least one key: a node that cannot fetch it cannot verify a token signed with a key it has not cached yet. The
 * fetch has a short timeout (QRFORGE_OIDC_READINESS_TIMEOUT_MILLIS) and its answer is kept for
 * QRFORGE_OIDC_READINESS_CACHE_SECONDS, so neither a hanging Keycloak nor frequent probes from several load balancers
 * hold the probe up or hammer Keycloak. Without an issuer it is up and says tokens are not accepted.
 */
@Readiness
@ApplicationScoped
public class KeySetReadiness implements HealthCheck {

    static final String NAME = "oidc-key-set";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    OidcTokens tokens;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "qrforge.oidc.readiness-timeout-millis", defaultValue = "2000")
    long timeoutMillis;

    @Inject
    @ConfigProperty(name = "qrforge.oidc.readiness-cache-seconds", defaultValue = "5")
    long cacheSeconds;

    private HttpClient http;
    private Finding last;
    private Instant lastCheckedAt;

    /** What one fetch of the key set found: up or down, and why (keys counted, or the error). */
    record Finding(boolean up, String url, String detail) {
    }

    @PostConstruct
    void start() {
        if (timeoutMillis <= 0 || cacheSeconds < 0) {
            throw new IllegalArgumentException("QRFORGE_OIDC_READINESS_TIMEOUT_MILLIS must be positive and"
                    + " QRFORGE_OIDC_READINESS_CACHE_SECONDS not negative");
        }
        http = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(timeoutMillis)).build();
    }

    @Override
    public HealthCheckResponse call() {
        Optional<Finding> finding = finding();
        if (finding.isEmpty()) {
            return HealthCheckResponse.named(NAME).up().withData("tokens", "not accepted").build();
        }
        return HealthCheckResponse.named(NAME).status(finding.get().up()).withData("url", finding.get().url())
                .withData(finding.get().up() ? "keys" : "error", finding.get().detail()).build();
    }

    /**
     * The latest finding, fetched again once it is older than the cache time; empty when no tokens are accepted.
     * Synchronized so that probes arriving together while it is stale fetch the key set once.
     */
    synchronized Optional<Finding> finding() {
        Optional<String> url = tokens.keySetUrl();
        if (url.isEmpty()) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        if (last == null || !now.isBefore(lastCheckedAt.plusSeconds(cacheSeconds))) {
            last = fetch(url.get());
            lastCheckedAt = now;
        }
        return Optional.of(last);
    }

    private Finding fetch(String url) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url))
                    .timeout(Duration.ofMillis(timeoutMillis)).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return new Finding(false, url, "HTTP " + response.statusCode());
            }
            int keys = keyCount(response.body());
            return keys > 0 ? new Finding(true, url, Integer.toString(keys))
                    : new Finding(false, url, "the key set holds no key");
        } catch (IOException | RuntimeException e) {
            return new Finding(false, url, e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Finding(false, url, "interrupted");
        }
    }

    /** The keys of a JWKS document ({@code {"keys": [...]}}); anything else holds none. */
    static int keyCount(String jwks) throws IOException {
        JsonNode keys = JSON.readTree(jwks).path("keys");
        return keys.isArray() ? keys.size() : 0;
    }
}
