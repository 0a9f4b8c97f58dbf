package dev.qrforge.security;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.ErrorMapper;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The authenticated caller of the current request, as {@link BearerAuthenticationMechanism} established it. */
@RequestScoped
public class CallerContext {

    static final String CALLER_ATTRIBUTE = "dev.qrforge.caller";
    static final String FAILURE_ATTRIBUTE = "dev.qrforge.authentication-failure";
    /** Set when a credential was presented and failed: RFC 6750's {@code invalid_token}. */
    static final String INVALID_TOKEN_ATTRIBUTE = "dev.qrforge.invalid-token";
    /** Set when the credential could not be checked because the database is unreachable. */
    static final String UNAVAILABLE_ATTRIBUTE = "dev.qrforge.authentication-unavailable";
    private static final String CHALLENGE = "Bearer realm=\"qrforge\"";

    @Inject
    HttpServletRequest request;

    /** The caller, or 401 UNAUTHORIZED saying why there is none (503 if the database could not tell). */
    public Caller current() {
        if (request.getAttribute(CALLER_ATTRIBUTE) instanceof Caller caller) {
            return caller;
        }
        if (request.getAttribute(UNAVAILABLE_ATTRIBUTE) != null) {
            throw ErrorMapper.databaseUnreachable();
        }
        Object why = request.getAttribute(FAILURE_ATTRIBUTE);
        String message = why != null ? why.toString() : "missing credentials: send 'Authorization: Bearer <API key>'";
        String challenge = request.getAttribute(INVALID_TOKEN_ATTRIBUTE) == null ? CHALLENGE
                : CHALLENGE + ", error=\"invalid_token\", error_description=\"" + message.replace("\"", "'") + "\"";
        throw new ApiException(ErrorCode.UNAUTHORIZED, null, message, Map.of(HttpHeaders.WWW_AUTHENTICATE, challenge));
    }

    public String workspaceId() {
        return current().workspaceId();
    }

    /**
     * The {@code erase} query parameter of a delete: true when asked for, and then only for a caller allowed to
     * erase scan data (403 FORBIDDEN otherwise). A boolean in any case, as query strings spell them ({@code True}).
     */
    public boolean erase(String erase) {
        if (erase == null || erase.equalsIgnoreCase("false")) {
            return false;
        }
        if (!erase.equalsIgnoreCase("true")) {
            throw ApiException.invalid("erase", "erase must be true or false; got '" + erase + "'");
        }
        requireAny("erasing scan data", Scope.ANALYTICS_ERASE, Scope.KEYS_ADMIN);
        return true;
    }

    /**
     * For an operation that needs more than its {@link RequiresScope}: 403 FORBIDDEN unless the caller holds one of
     * {@code scopes}.
     *
     * @param what the operation, as the refusal names it
     */
    public void requireAny(String what, Scope... scopes) {
        Set<String> held = current().scopes();
        if (Arrays.stream(scopes).noneMatch(scope -> held.contains(scope.wireName()))) {
            throw new ApiException(ErrorCode.FORBIDDEN, null, what + " needs scope " + Arrays.stream(scopes)
                    .map(Scope::wireName).collect(Collectors.joining(" or ")) + ", which the credential does not hold");
        }
    }
}
