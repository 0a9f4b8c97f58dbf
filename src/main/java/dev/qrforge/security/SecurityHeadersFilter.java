package dev.qrforge.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Hardening headers on everything the application serves: the API and the scan path's redirects and pages. Nothing
 * is cached (a destination may change at any time, and every scan must reach us to be counted), framed, sniffed or
 * given scripts; the scan pages' only styling is inline; a short link's path does not leak to other origins. HSTS
 * goes out only over HTTPS (behind a TLS-terminating proxy, the proxy's job).
 */
@WebFilter(urlPatterns = "/*")
public class SecurityHeadersFilter extends HttpFilter {

    private static final String ONE_YEAR_SECONDS = "31536000";

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; "
                + "frame-ancestors 'none'");
        response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
        response.setHeader("Cache-Control", "no-store");
        if (request.isSecure()) {
            response.setHeader("Strict-Transport-Security", "max-age=" + ONE_YEAR_SECONDS);
        }
        chain.doFilter(request, response);
    }
}
