package dev.qrforge.security;

import dev.qrforge.platform.DatabaseFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Optional;

/**
 * The application's one authentication mechanism: {@code Authorization: Bearer <credential>} on {@code /api/},
 * where the credential is a Keycloak access token (a JWT) or a workspace API key. It only establishes who is
 * calling; refusing an anonymous request is {@link AuthenticationFilter}'s job, so that the refusal goes through the
 * API's one error mapper like every other error.
 */
@ApplicationScoped
public class BearerAuthenticationMechanism implements HttpAuthenticationMechanism {

    private static final String API_PATH = "/api/";
    private static final String BEARER = "Bearer ";

    @Inject
    ApiKeys apiKeys;

    @Inject
    OidcTokens tokens;

    @Override
    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response,
            HttpMessageContext context) {
        if (!request.getRequestURI().startsWith(request.getContextPath() + API_PATH)) {
            return context.doNothing();
        }
        String header = request.getHeader("Authorization");
        if (header == null) {
            return refuse(request, context, "missing credentials: send 'Authorization: Bearer <API key>'");
        }
        if (!header.regionMatches(true, 0, BEARER, 0, BEARER.length()) || header.substring(BEARER.length()).isBlank()) {
            return refuse(request, context, "malformed Authorization header: expected 'Bearer <API key or token>'");
        }
        String credential = header.substring(BEARER.length()).strip();
        try {
            return authenticate(request, context, credential);
        } catch (RuntimeException e) {
            if (!DatabaseFailures.unreachable(e)) {
                throw e;
            }
            // Keys and workspaces live in the database: the caller cannot be known now, which is not their fault.
            request.setAttribute(CallerContext.UNAVAILABLE_ATTRIBUTE, Boolean.TRUE);
            return context.doNothing();
        }
    }

    private AuthenticationStatus authenticate(HttpServletRequest request, HttpMessageContext context,
            String credential) {
        Caller caller;
        if (OidcTokens.looksLikeJwt(credential)) {
            try {
                caller = tokens.authenticate(credential);
            } catch (OidcTokens.InvalidTokenException e) {
                return invalid(request, context, e.getMessage());
            }
        } else {
            Optional<Caller> key = apiKeys.authenticate(credential);
            if (key.isEmpty()) {
                return invalid(request, context, "the API key is not valid (unknown, revoked or expired)");
            }
            caller = key.get();
        }
        request.setAttribute(CallerContext.CALLER_ATTRIBUTE, caller);
        return context.notifyContainerAboutLogin(caller.credentialId(), caller.scopes());
    }

    private static AuthenticationStatus invalid(HttpServletRequest request, HttpMessageContext context, String why) {
        request.setAttribute(CallerContext.INVALID_TOKEN_ATTRIBUTE, Boolean.TRUE);
        return refuse(request, context, why);
    }

    private static AuthenticationStatus refuse(HttpServletRequest request, HttpMessageContext context, String why) {
        request.setAttribute(CallerContext.FAILURE_ATTRIBUTE, why);
        return context.doNothing();
    }
}
