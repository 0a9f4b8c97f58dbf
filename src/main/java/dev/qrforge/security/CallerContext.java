package dev.qrforge.security;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;

/** The authenticated caller of the current request, as {@link BearerAuthenticationMechanism} established it. */
@RequestScoped
public class CallerContext {

    static final String CALLER_ATTRIBUTE = "dev.qrforge.caller";
    static final String FAILURE_ATTRIBUTE = "dev.qrforge.authentication-failure";

    @Inject
    HttpServletRequest request;

    /** The caller, or 401 UNAUTHORIZED saying why there is none. */
    public Caller current() {
        if (request.getAttribute(CALLER_ATTRIBUTE) instanceof Caller caller) {
            return caller;
        }
        Object why = request.getAttribute(FAILURE_ATTRIBUTE);
        throw new ApiException(ErrorCode.UNAUTHORIZED, null,
                why != null ? why.toString() : "missing credentials: send 'Authorization: Bearer <API key>'");
    }

    public String workspaceId() {
        return current().workspaceId();
    }
}
