package dev.qrforge.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The key set readiness check against a key set served from this test (the ITs' Keycloak always answers). */
class KeySetReadinessTest {

    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
    private static final String ONE_KEY = "{\"keys\":[{\"kid\":\"k1\",\"kty\":\"RSA\",\"n\":\"AQAB\",\"e\":\"AQAB\"}]}";

    private final AtomicInteger requests = new AtomicInteger();
    private final CountDownLatch released = new CountDownLatch(1);
    private HttpServer server;

    @AfterEach
    void stop() {
        released.countDown();
        if (server != null) {
            server.stop(0);
        }
    }

    /** Serves {@code body} with {@code status} at /certs, or never answers when {@code body} is null. */
    private String serve(int status, String body) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/certs", exchange -> {
            requests.incrementAndGet();
            if (body == null) {
                try {
                    released.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                exchange.close();
                return;
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.setExecutor(null);
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/certs";
    }

    private static KeySetReadiness readiness(String jwksUrl, Clock clock) {
        OidcTokens tokens = new OidcTokens();
        tokens.issuer = Optional.ofNullable(jwksUrl).map(url -> "http://127.0.0.1:1/realms/test");
        tokens.jwksUrl = Optional.ofNullable(jwksUrl);
        tokens.audience = Optional.empty();
        tokens.scopeRoles = Optional.empty();
        tokens.workspaceClaim = "workspace";
        tokens.clockSkewSeconds = 30;
        tokens.configure();
        KeySetReadiness readiness = new KeySetReadiness();
        readiness.tokens = tokens;
        readiness.clock = clock;
        readiness.timeoutMillis = 300;
        readiness.cacheSeconds = 5;
        readiness.start();
        return readiness;
    }

    private static KeySetReadiness readiness(String jwksUrl) {
        return readiness(jwksUrl, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private static KeySetReadiness.Finding finding(KeySetReadiness readiness) {
        return readiness.finding().orElseThrow();
    }

    @Test
    void upWhenTheKeySetHoldsAKey() throws IOException {
        String url = serve(200, ONE_KEY);
        assertThat(finding(readiness(url))).isEqualTo(new KeySetReadiness.Finding(true, url, "1"));
    }

    @Test
    void downWhenTheKeySetIsEmptyOrNoKeySet() throws IOException {
        assertThat(finding(readiness(serve(200, "{\"keys\":[]}"))).up()).isFalse();
        stop();
        assertThat(finding(readiness(serve(200, "<html>login</html>"))).up()).isFalse();
    }

    @Test
    void downWhenTheKeySetAnswersWithAnError() throws IOException {
        String url = serve(503, ONE_KEY);
        assertThat(finding(readiness(url))).isEqualTo(new KeySetReadiness.Finding(false, url, "HTTP 503"));
    }

    /** The server takes the request and never answers: the short timeout makes it a DOWN, not a hanging probe. */
    @Test
    void downWhenTheKeySetDoesNotAnswerInTime() throws IOException {
        KeySetReadiness.Finding finding = finding(readiness(serve(200, null)));
        assertThat(finding.up()).isFalse();
        assertThat(finding.detail()).contains("Timeout");
        assertThat(requests).hasValue(1);
    }

    @Test
    void downWhenNothingListens() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        assertThat(finding(readiness("http://127.0.0.1:" + port + "/certs")).up()).isFalse();
    }

    @Test
    void theAnswerIsKeptForTheCacheTimeThenFetchedAgain() throws IOException {
        MutableClock clock = new MutableClock();
        KeySetReadiness readiness = readiness(serve(200, ONE_KEY), clock);
        finding(readiness);
        clock.now = NOW.plusSeconds(4);
        assertThat(finding(readiness).up()).isTrue();
        assertThat(requests).as("one fetch within the cache time").hasValue(1);

        clock.now = NOW.plusSeconds(5);
        finding(readiness);
        assertThat(requests).hasValue(2);
    }

    @Test
    void nothingToCheckWithoutAnIssuerAsNoTokenIsAccepted() {
        assertThat(readiness(null).finding()).isEmpty();
    }

    private static final class MutableClock extends Clock {
        Instant now = NOW;

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
