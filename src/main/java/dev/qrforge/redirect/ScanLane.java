package dev.qrforge.redirect;

import dev.qrforge.api.RequestId;
import dev.qrforge.api.RequestLogContext;
import dev.qrforge.client.ClientFactsResolver;
import dev.qrforge.dynamic.ShortLinks;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.Cookie;
import io.undertow.servlet.api.Deployment;
import io.undertow.servlet.api.ThreadSetupHandler;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Function;

/**
 * The scan path's lane ahead of the servlet chain ({@link ScanLaneExtension}): a {@code GET} or {@code HEAD} of a
 * well-formed short code that is cached is answered here, on the I/O thread that read it, by the same
 * {@link ScanAnswers} as the servlet, with the same {@code SecurityHeaders} and a request id in the logging MDC. A
 * scan skips what the chain does for every request and a scan does not need: the hand-over to a worker thread,
 * Jakarta Security's authentication (which a short link never asks for), the CDI request context, the servlet
 * filters. Whatever it cannot answer without waiting (a code not cached, any other request) goes on down the chain
 * unchanged, to {@link RedirectServlet} or wherever it leads.
 */
final class ScanLane implements HttpHandler {

    private final HttpHandler chain;
    private final Deployment deployment;
    /** {@link #answer} in the deployment's thread context (class loader, naming), made on the first scan. */
    private volatile ThreadSetupHandler.Action<Boolean, LaneScan> inDeployment;

    ScanLane(HttpHandler chain, Deployment deployment) {
        this.chain = chain;
        this.deployment = deployment;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        HttpString method = exchange.getRequestMethod();
        boolean get = method.equals(Methods.GET);
        String path = exchange.getRelativePath();
        boolean scan = (get || method.equals(Methods.HEAD)) && path.startsWith(ShortLinks.PATH);
        if (!scan || !answered(exchange, path, get)) {
            chain.handleRequest(exchange);
        }
    }

    /** Whether the scan was answered here; if not, nothing was written or counted. */
    private boolean answered(HttpServerExchange exchange, String path, boolean get) throws Exception {
        String shortCode = path.substring(ShortLinks.PATH.length());
        ScanAnswers answers = (ScanAnswers) deployment.getServletContext().getAttribute(ScanAnswers.ATTRIBUTE);
        if (answers == null || !ShortLinks.wellFormed(shortCode)) {
            return false;
        }
        LaneScan scan = new LaneScan(exchange, shortCode, answers, get);
        if (!action().call(exchange, scan)) {
            return false;
        }
        answers.securityHeaders().write(path, exchange.isSecure(),
                (name, value) -> exchange.getResponseHeaders().put(HttpString.tryFromString(name), value));
        scan.send();
        return true;
    }

    private ThreadSetupHandler.Action<Boolean, LaneScan> action() {
        ThreadSetupHandler.Action<Boolean, LaneScan> action = inDeployment;
        if (action == null) {
            action = deployment.createThreadSetupAction(ScanLane::answer);
            inDeployment = action;
        }
        return action;
    }

    private static Boolean answer(HttpServerExchange exchange, LaneScan scan) throws Exception {
        try (RequestLogContext.Scope named = RequestLogContext.naming(RequestId.mint())) {
            return scan.answers.answerWithoutWaiting(scan, scan.counted);
        }
    }

    /** A scan on the lane: read from the exchange, its answer held until {@link #send}. */
    private static final class LaneScan implements ScanExchange {

        private final HttpServerExchange exchange;
        private final String shortCode;
        private final ScanAnswers answers;
        /** A {@code GET}: a {@code HEAD} is answered alike, but not counted and without a body. */
        private final boolean counted;
        private byte[] body;

        LaneScan(HttpServerExchange exchange, String shortCode, ScanAnswers answers, boolean counted) {
            this.exchange = exchange;
            this.shortCode = shortCode;
            this.answers = answers;
            this.counted = counted;
        }

        @Override
        public String shortCode() {
            return shortCode;
        }

        @Override
        public String host() {
            return exchange.getHostName();
        }

        /** As the servlet's {@code getRemoteAddr} gives it. */
        @Override
        public String peerAddress() {
            InetSocketAddress source = exchange.getSourceAddress();
            if (source == null) {
                return "";
            }
            return source.getAddress() == null ? source.getHostString() : source.getAddress().getHostAddress();
        }

        @Override
        public Function<String, String> requestHeaders() {
            return ClientFactsResolver.headers(exchange.getRequestHeaders()::getFirst, name -> {
                HeaderValues lines = exchange.getRequestHeaders().get(name);
                return lines == null ? List.of() : lines;
            });
        }

        @Override
        public String cookie(String name) {
            Cookie cookie = exchange.getRequestCookie(name);
            return cookie == null ? null : cookie.getValue();
        }

        @Override
        public String path() {
            return exchange.getRequestPath();
        }

        @Override
        public boolean secure() {
            return exchange.isSecure();
        }

        @Override
        public void status(int status) {
            exchange.setStatusCode(status);
        }

        @Override
        public void header(String name, String value) {
            exchange.getResponseHeaders().put(HttpString.tryFromString(name), value);
        }

        @Override
        public void body(String contentType, byte[] bytes, boolean withBody) {
            exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, contentType);
            exchange.getResponseHeaders().put(Headers.CONTENT_LENGTH, bytes.length);
            body = withBody ? bytes : null;
        }

        void send() {
            if (body != null) {
                exchange.getResponseSender().send(ByteBuffer.wrap(body));
            } else {
                exchange.endExchange();
            }
        }
    }
}
