package dev.qrforge.security;

import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Hardening headers on everything the application serves: the API and the scan path's redirects and pages. Nothing
 * is cached (a destination may change at any time, and every scan must reach us to be counted), framed, sniffed or
 * given scripts; the scan pages' only styling is inline; a short link's path does not leak to other origins. HSTS
 * goes out only over HTTPS (behind a TLS-terminating proxy, the proxy's job).
 *
 * <p>The browser console ({@code /console/}, and the libraries it loads from {@code /webjars/}) gets scripts and
 * styles from this origin only, draws images it made itself ({@code blob:}, {@code data:}), and talks to this
 * origin and to the Keycloak that signs its users in (the issuer's origin), nothing else.
 */
@WebFilter(urlPatterns = "/*")
public class SecurityHeadersFilter extends HttpFilter {

    private static final String ONE_YEAR_SECONDS = "31536000";
    private static final String API_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
    private static final String CONSOLE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' blob: data:; connect-src 'self'%s; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'";

    @Inject
    @ConfigProperty(name = "qrforge.oidc.issuer")
    Optional<String> issuer;

    private String consolePolicy;

    @Override
    public void init() {
        String keycloak = issuer.map(url -> URI.create(url.strip())).filter(url -> url.getScheme() != null)
                .map(url -> " " + url.getScheme() + "://" + url.getRawAuthority()).orElse("");
        consolePolicy = CONSOLE_POLICY.formatted(keycloak);
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Content-Security-Policy", console(request) ? consolePolicy : API_POLICY);
        response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
        response.setHeader("Cache-Control", "no-store");
        if (request.isSecure()) {
            response.setHeader("Strict-Transport-Security", "max-age=" + ONE_YEAR_SECONDS);
        }
        chain.doFilter(request, response);
    }

    private static boolean console(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.equals("/console") || path.startsWith("/console/") || path.startsWith("/webjars/");
    }
}
