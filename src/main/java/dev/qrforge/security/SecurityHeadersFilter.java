package dev.qrforge.security;

import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** {@link SecurityHeaders} on everything the servlet chain serves. */
@WebFilter(urlPatterns = "/*")
public class SecurityHeadersFilter extends HttpFilter {

    @Inject
    SecurityHeaders headers;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        headers.write(request.getRequestURI().substring(request.getContextPath().length()), request.isSecure(),
                response::setHeader);
        chain.doFilter(request, response);
    }
}
