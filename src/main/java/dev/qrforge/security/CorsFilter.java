package dev.qrforge.security;

import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Cross-origin access to the API for browser apps, off unless QRFORGE_CORS_ORIGINS lists origins (or is
 * {@code *}). Credentials travel in the Authorization header, never in cookies, so no
 * {@code Access-Control-Allow-Credentials}. Preflights from allowed origins are answered here, before
 * authentication, as browsers send them without credentials.
 */
@WebFilter(urlPatterns = "/api/*")
public class CorsFilter extends HttpFilter {

    private static final String ANY = "*";
    private static final String PREFLIGHT_MAX_AGE_SECONDS = "600";

    @Inject
    @ConfigProperty(name = "qrforge.cors.origins")
    Optional<String> originsSetting;

    private Set<String> origins = Set.of();

    @Override
    public void init() {
        origins = originsSetting.map(list -> Arrays.stream(list.split(",")).map(String::strip)
                .filter(origin -> !origin.isEmpty()).collect(Collectors.toUnmodifiableSet())).orElse(Set.of());
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String origin = request.getHeader("Origin");
        if (origin == null || !(origins.contains(ANY) || origins.contains(origin))) {
            chain.doFilter(request, response);
            return;
        }
        response.setHeader("Access-Control-Allow-Origin", origin);
        response.addHeader("Vary", "Origin");
        if ("OPTIONS".equals(request.getMethod()) && request.getHeader("Access-Control-Request-Method") != null) {
            response.setHeader("Access-Control-Allow-Methods", "GET, HEAD, POST, PATCH, DELETE");
            response.setHeader("Access-Control-Allow-Headers",
                    "Authorization, Content-Type, Accept, Idempotency-Key");
            response.setHeader("Access-Control-Max-Age", PREFLIGHT_MAX_AGE_SECONDS);
            response.setStatus(HttpServletResponse.SC_NO_CONTENT);
            return;
        }
        response.setHeader("Access-Control-Expose-Headers", "Location, Retry-After, X-Request-Id, X-RateLimit-Limit,"
                + " X-RateLimit-Remaining, X-RateLimit-Reset");
        chain.doFilter(request, response);
    }
}
