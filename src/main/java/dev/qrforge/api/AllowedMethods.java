package dev.qrforge.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The service's one rule for HTTP methods (RFC 9110 §9, §15.5.6): a method a path does not serve, whatever it is, is
 * a 405 with an {@code Allow} header listing those it does, in the error envelope; {@code OPTIONS} answers with that
 * list; {@code TRACE} is served nowhere and advertised nowhere (it would echo credentials back to a script that can
 * send it). Without this, a plain servlet answers a method {@code HttpServlet} does not know ({@code PATCH}) with 501,
 * and its {@code OPTIONS} offers {@code TRACE}.
 *
 * <p>The JAX-RS application is left to RESTEasy, which already answers an unserved method with 405 and the methods
 * of the matched resource ({@code ErrorMapper} keeps the header), and knows no {@code TRACE}. The application's other
 * servlets' methods are read off their classes, as {@code HttpServlet.doOptions} does, so a servlet that starts
 * serving {@code POST} needs no change here; the container's default servlet (static files, unknown paths) serves
 * reads.
 * Undertow's own refusal of {@code TRACE} is switched off (configure-server.cli) because it answers without
 * {@code Allow}.
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class AllowedMethods extends HttpFilter {

    private static final List<String> READS = List.of("GET", "HEAD", "OPTIONS");
    /** The servlet methods a subclass may override, with the HTTP methods each serves (GET serves HEAD too). */
    private static final Map<String, List<String>> SERVLET_METHODS = Map.of(
            "doGet", List.of("GET", "HEAD"), "doHead", List.of("HEAD"), "doPost", List.of("POST"),
            "doPut", List.of("PUT"), "doDelete", List.of("DELETE"));
    private static final ObjectMapper JSON = JsonConfig.build();
    private static final List<String> ORDER = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    private final Map<String, List<String>> allowedByServlet = new ConcurrentHashMap<>();

    @Inject
    RequestId requestId;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String servlet = request.getHttpServletMapping().getServletName();
        if (RestApplication.class.getName().equals(servlet)) {
            chain.doFilter(request, response);
            return;
        }
        List<String> allowed = allowedByServlet.computeIfAbsent(servlet, name -> allowed(request, name));
        String method = request.getMethod();
        if (method.equals("OPTIONS")) {
            response.setHeader("Allow", String.join(", ", allowed));
            response.setStatus(HttpServletResponse.SC_NO_CONTENT);
        } else if (allowed.contains(method)) {
            chain.doFilter(request, response);
        } else {
            refuse(response, allowed);
        }
    }

    private void refuse(HttpServletResponse response, List<String> allowed) throws IOException {
        String list = String.join(", ", allowed);
        byte[] body = JSON.writeValueAsString(ErrorBody.of(ErrorCode.METHOD_NOT_ALLOWED, null,
                "method not allowed here; allowed: " + list, requestId.value())).getBytes(StandardCharsets.UTF_8);
        response.setStatus(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
        response.setHeader("Allow", list);
        response.setHeader(RequestId.HEADER, requestId.value());
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** The methods the named servlet serves: those its class overrides, plus OPTIONS; reads for any other servlet. */
    private static List<String> allowed(HttpServletRequest request, String servletName) {
        ServletRegistration registration = request.getServletContext().getServletRegistration(servletName);
        Class<?> type = registration == null ? null : load(registration.getClassName());
        // The container's own servlets (its default servlet, for files and unknown paths) override doPut and
        // doDelete only to refuse them: they serve reads.
        if (type == null || !HttpServlet.class.isAssignableFrom(type)
                || type.getClassLoader() != AllowedMethods.class.getClassLoader()) {
            return READS;
        }
        List<String> served = new ArrayList<>(List.of("OPTIONS"));
        for (Class<?> c = type; c != HttpServlet.class; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                served.addAll(SERVLET_METHODS.getOrDefault(method.getName(), List.of()));
            }
        }
        return served.stream().distinct().sorted((a, b) -> ORDER.indexOf(a) - ORDER.indexOf(b)).toList();
    }

    private static Class<?> load(String className) {
        try {
            return Class.forName(className, false, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException | LinkageError notOurs) {
            return null;
        }
    }
}
