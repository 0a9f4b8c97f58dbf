package dev.qrforge.security;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The hardening headers of everything the application serves: the API and the scan path's redirects and pages.
 * Nothing is cached (a destination may change at any time, and every scan must reach us to be counted), framed,
 * sniffed or given scripts; the scan pages' only styling is inline; a short link's path does not leak to other
 * origins. HSTS goes out only over HTTPS (behind a TLS-terminating proxy, the proxy's job).
 *
 * <p>The browser console ({@code /console/}, and the libraries it loads from {@code /webjars/}) gets scripts and
 * styles from this origin only, draws images it made itself ({@code blob:}, {@code data:}), and talks to this
 * origin and to the Keycloak that signs its users in (the issuer's origin), nothing else.
 *
 * <p>The one place these headers are decided: {@link SecurityHeadersFilter} writes them on the servlet chain, and
 * the scan path's lane beside that chain ({@code redirect.ScanLane}) writes them on its own answers.
 */
@ApplicationScoped
public class SecurityHeaders {

    private static final String ONE_YEAR_SECONDS = "31536000";
    /**
     * No {@code form-action}: a password gate's page posts to its own short link, which answers with a redirect to
     * the code's destination, and browsers hold the redirects after a form to {@code form-action} too.
     */
    private static final String API_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
    private static final String CONSOLE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' blob: data:; connect-src 'self'%s; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'";

    @Inject
    @ConfigProperty(name = "qrforge.oidc.issuer")
    Optional<String> issuer;

    private String consolePolicy;

    @PostConstruct
    void policies() {
        String keycloak = issuer.map(url -> URI.create(url.strip())).filter(url -> url.getScheme() != null)
                .map(url -> " " + url.getScheme() + "://" + url.getRawAuthority()).orElse("");
        consolePolicy = CONSOLE_POLICY.formatted(keycloak);
    }

    /**
     * @param path   the request's path within the application
     * @param secure whether the request came over HTTPS
     * @param header sets one response header
     */
    public void write(String path, boolean secure, BiConsumer<String, String> header) {
        header.accept("X-Content-Type-Options", "nosniff");
        header.accept("X-Frame-Options", "DENY");
        header.accept("Content-Security-Policy", console(path) ? consolePolicy : API_POLICY);
        header.accept("Referrer-Policy", "strict-origin-when-cross-origin");
        header.accept("Cache-Control", "no-store");
        if (secure) {
            header.accept("Strict-Transport-Security", "max-age=" + ONE_YEAR_SECONDS);
        }
    }

    private static boolean console(String path) {
        return path.equals("/console") || path.startsWith("/console/") || path.startsWith("/webjars/");
    }
}
