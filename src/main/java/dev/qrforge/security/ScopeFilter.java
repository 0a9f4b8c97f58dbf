package dev.qrforge.security;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;

/**
 * Authorisation: the matched resource method's {@link RequiresScope} must be among the caller's scopes, or the
 * answer is 403 FORBIDDEN. A method that declares no scope is refused too, so a new endpoint is closed until
 * someone decides who may call it.
 */
@Provider
@Priority(Priorities.AUTHORIZATION)
@ApplicationScoped
public class ScopeFilter implements ContainerRequestFilter {

    @Context
    ResourceInfo resource;

    @Inject
    CallerContext callers;

    @Override
    public void filter(ContainerRequestContext request) {
        RequiresScope required = resource.getResourceMethod() == null ? null
                : resource.getResourceMethod().getAnnotation(RequiresScope.class);
        if (required == null) {
            throw new ApiException(ErrorCode.FORBIDDEN, null, "no scope grants this operation");
        }
        callers.requireAny("this operation", required.value());
    }
}
