package dev.qrforge.api;

import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.jboss.logging.MDC;

/**
 * Puts the request's id into the logging MDC as {@value #MDC_KEY} for the whole request, so every line logged while
 * serving it names it (the log formats print {@code %X{request_id}}; the JSON format carries the MDC), whichever
 * servlet serves it: the API or the redirect path. A servlet filter rather than a JAX-RS one because only it
 * encloses everything the request runs, and can take the id off again before the thread serves another request.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class RequestLogContext extends HttpFilter {

    public static final String MDC_KEY = "request_id";

    @Inject
    RequestId requestId;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        MDC.put(MDC_KEY, requestId.value());
        try {
            chain.doFilter(request, response);
        } finally {
            MDC.remove(MDC_KEY);
        }
    }
}
