package dev.qrforge.domain;

import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * {@code GET /.well-known/qrforge-challenge/<token>}, on whatever host the request names: the HTTP challenge's
 * answer while a domain with that token is pending, else 404. A host its owner routed to this service therefore
 * answers its own challenge ({@link DomainVerifier}); the token is the only secret, and a verified domain's no
 * longer answers.
 */
@WebServlet(urlPatterns = DomainVerifier.HTTP_PATH + "*")
public class ChallengeServlet extends HttpServlet {

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9]{" + Domains.TOKEN_LENGTH + "}");

    @Inject
    Domains domains;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String token = request.getPathInfo() == null ? "" : request.getPathInfo().substring(1);
        boolean pending = TOKEN.matcher(token).matches() && domains.pendingToken(token);
        byte[] body = (pending ? DomainVerifier.expected(token) : "no pending domain has this challenge")
                .getBytes(StandardCharsets.US_ASCII);
        response.setStatus(pending ? HttpServletResponse.SC_OK : HttpServletResponse.SC_NOT_FOUND);
        response.setContentType("text/plain;charset=US-ASCII");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
