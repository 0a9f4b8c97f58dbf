package dev.qrforge.security;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Rate limits per credential, with separate budgets for generation (every request that creates or changes
 * something) and for reads, so a busy dashboard cannot starve a till that prints codes. Every authenticated response
 * says where its budget stands ({@code X-RateLimit-Limit}, {@code -Remaining}, {@code -Reset} in epoch seconds); a
 * spent budget is 429 RATE_LIMITED with {@code Retry-After}.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION + 20)
@ApplicationScoped
public class RateLimitFilter implements ContainerRequestFilter, ContainerResponseFilter {

    private static final String DECISION = "dev.qrforge.rate-limit";
    private static final Set<String> READS = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);

    private final RateLimits limits = new RateLimits();

    @Inject
    @ConfigProperty(name = "qrforge.rate-limit.generation-per-minute", defaultValue = "600")
    int generationPerMinute;

    @Inject
    @ConfigProperty(name = "qrforge.rate-limit.reads-per-minute", defaultValue = "6000")
    int readsPerMinute;

    @Inject
    CallerContext callers;

    @Inject
    Clock clock;

    @Override
    public void filter(ContainerRequestContext request) {
        boolean read = READS.contains(request.getMethod());
        RateLimits.Decision decision = limits.take(callers.current().credentialId(), read ? "reads" : "generation",
                read ? readsPerMinute : generationPerMinute, clock.instant().getEpochSecond());
        request.setProperty(DECISION, decision);
        if (!decision.allowed()) {
            long retryAfter = Math.max(1, decision.resetEpochSecond() - clock.instant().getEpochSecond());
            throw new ApiException(ErrorCode.RATE_LIMITED, null, "rate limit of " + decision.limit() + " "
                    + (read ? "reads" : "generation requests") + " a minute reached for this credential; retry in "
                    + retryAfter + " s", Map.of(HttpHeaders.RETRY_AFTER, Long.toString(retryAfter)));
        }
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        if (request.getProperty(DECISION) instanceof RateLimits.Decision decision) {
            response.getHeaders().putSingle("X-RateLimit-Limit", decision.limit());
            response.getHeaders().putSingle("X-RateLimit-Remaining", decision.remaining());
            response.getHeaders().putSingle("X-RateLimit-Reset", decision.resetEpochSecond());
        }
    }
}
