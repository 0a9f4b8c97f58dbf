package dev.qrforge.security;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
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
 * Rate limits per credential, counted across the nodes of a cluster ({@link ReplicatedUse}), with separate budgets
 * for generation (every request that creates or changes something) and for reads, so a busy dashboard cannot starve
 * a till that prints codes. Every authenticated response says where its budget stands ({@code X-RateLimit-Limit},
 * {@code -Remaining}, {@code -Reset} in epoch seconds); a spent budget is 429 RATE_LIMITED with {@code Retry-After}.
 */
@Provider
@PreMatching
@Priority(Priorities.AUTHENTICATION + 20)
@ApplicationScoped
public class RateLimitFilter implements ContainerRequestFilter, ContainerResponseFilter {

    private static final String DECISION = "dev.qrforge.rate-limit";
    private static final Set<String> READS = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);
    /** The budgets' names, in the limits' keys and in the rejections metric. */
    private static final String READ_BUDGET = "reads";
    private static final String GENERATION_BUDGET = "generation";

    private RateLimits limits;

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

    @Inject
    ReplicatedUse shared;

    @Inject
    MeterRegistry registry;

    private Counter generationRejections;
    private Counter readRejections;

    @PostConstruct
    void start() {
        limits = new RateLimits(shared);
        generationRejections = rejections(GENERATION_BUDGET);
        readRejections = rejections(READ_BUDGET);
    }

    private Counter rejections(String budget) {
        return registry.counter("qrforge.rate.limit.rejections", "budget", budget);
    }

    @Override
    public void filter(ContainerRequestContext request) {
        boolean read = READS.contains(request.getMethod());
        RateLimits.Decision decision = limits.take(callers.current().credentialId(),
                read ? READ_BUDGET : GENERATION_BUDGET, read ? readsPerMinute : generationPerMinute,
                clock.instant().getEpochSecond());
        request.setProperty(DECISION, decision);
        if (!decision.allowed()) {
            (read ? readRejections : generationRejections).increment();
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
