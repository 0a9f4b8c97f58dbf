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
 * The scan path's lane beside the servlet chain ({@code redirect.ScanLane}) names its requests through
 * {@link #naming} too.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class RequestLogContext extends HttpFilter {

    public static final String MDC_KEY = "request_id";

    /** The request's id in the MDC, until closed. */
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    @Inject
    RequestId requestId;

    /** Names the request {@code id} in the current thread's MDC until the scope is closed. */
    public static Scope naming(String id) {
        MDC.put(MDC_KEY, id);
        return () -> MDC.remove(MDC_KEY);
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        try (Scope named = naming(requestId.value())) {
            chain.doFilter(request, response);
        }
    }
}
