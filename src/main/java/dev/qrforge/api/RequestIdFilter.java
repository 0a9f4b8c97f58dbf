package dev.qrforge.api;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;

/** Every API response, success or error, names its request so a client can quote it. */
@Provider
@ApplicationScoped
public class RequestIdFilter implements ContainerResponseFilter {

    @Inject
    RequestId requestId;

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        response.getHeaders().putSingle(RequestId.HEADER, requestId.value());
    }
}
