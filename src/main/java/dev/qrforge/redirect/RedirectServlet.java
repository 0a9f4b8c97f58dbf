package dev.qrforge.redirect;

import dev.qrforge.client.ClientFactsResolver;
import dev.qrforge.dynamic.ShortLinks;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.function.Function;

/**
 * {@code GET /s/{shortCode}}: where every printed dynamic code leads, the redirect path. A plain servlet rather than a
 * JAX-RS resource because this is the hot path; most scans do not even get here: the {@link ScanLane} ahead of the
 * servlet chain answers those of cached codes. This servlet answers the rest, which may need the database: codes not
 * cached (or due for a reload), malformed short codes, and a buffer so full that recording a scan may flush it.
 */
@WebServlet(urlPatterns = ShortLinks.PATH + "*")
public class RedirectServlet extends HttpServlet {

    @Inject
    ScanAnswers answers;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        answers.answer(new ServletScan(request, response), true, null);
    }

    @Override
    protected void doHead(HttpServletRequest request, HttpServletResponse response) throws IOException {
        answers.answer(new ServletScan(request, response), false, null);
    }

    /** A password gate's form. */
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        answers.answer(new ServletScan(request, response), true, GateForm.password(request));
    }

    private record ServletScan(HttpServletRequest request, HttpServletResponse response) implements ScanExchange {

        @Override
        public String shortCode() {
            return request.getPathInfo() == null ? "" : request.getPathInfo().substring(1);
        }

        @Override
        public String host() {
            return request.getServerName();
        }

        @Override
        public String peerAddress() {
            return request.getRemoteAddr();
        }

        @Override
        public Function<String, String> requestHeaders() {
            return ClientFactsResolver.headers(request::getHeader, name -> Collections.list(request.getHeaders(name)));
        }

        @Override
        public String cookie(String name) {
            Cookie[] cookies = request.getCookies();
            return cookies == null ? null : Arrays.stream(cookies).filter(cookie -> cookie.getName().equals(name))
                    .map(Cookie::getValue).findFirst().orElse(null);
        }

        @Override
        public String path() {
            return request.getContextPath() + ShortLinks.PATH + shortCode();
        }

        @Override
        public boolean secure() {
            return request.isSecure();
        }

        @Override
        public void status(int status) {
            response.setStatus(status);
        }

        @Override
        public void header(String name, String value) {
            response.setHeader(name, value);
        }

        @Override
        public void body(String contentType, byte[] bytes, boolean withBody) throws IOException {
            response.setContentType(contentType);
            response.setContentLength(bytes.length);
            if (withBody) {
                response.getOutputStream().write(bytes);
            }
        }
    }
}
