package dev.qrforge.redirect;

import dev.qrforge.client.ClientFacts;
import dev.qrforge.client.ClientFactsService;
import dev.qrforge.client.VisitorKeys;
import dev.qrforge.dynamic.CachedTarget;
import dev.qrforge.dynamic.CodeDirectory;
import dev.qrforge.dynamic.RouteTarget;
import dev.qrforge.dynamic.Router;
import dev.qrforge.dynamic.RoutingOutcome;
import dev.qrforge.dynamic.ShortLinks;
import dev.qrforge.platform.DatabaseFailures;
import dev.qrforge.scan.Route;
import dev.qrforge.scan.ScanBuffer;
import dev.qrforge.scan.ScanEvent;
import dev.qrforge.security.SecurityHeaders;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What a scan gets, decided in this one place for both ways in: one cache lookup ({@link CodeDirectory}), one parse
 * of the user agent (cached), the {@link Router}'s decision, one append to the {@link ScanBuffer}, no database call
 * and no lock while the code is cached. {@code HEAD} answers the same but is not counted. A code with a password gate
 * ({@link PasswordGate}) shows its page instead, which is no scan: the scan is counted once, when the right password
 * (or a pass from an earlier one) lets it through.
 */
@ApplicationScoped
class ScanAnswers {

    /** The servlet context attribute under which the {@link ScanLane} finds this bean. */
    static final String ATTRIBUTE = ScanAnswers.class.getName();

    @Inject
    CodeDirectory directory;

    @Inject
    ScanBuffer scans;

    @Inject
    ClientFactsService clientFacts;

    @Inject
    VisitorKeys visitorKeys;

    @Inject
    Clock clock;

    @Inject
    ScanMetrics metrics;

    @Inject
    SecurityHeaders securityHeaders;

    @Inject
    PasswordGate gate;

    /** The lane is created with the deployment, before any bean; it finds this one once the application runs. */
    void openLane(@Observes @Initialized(ApplicationScoped.class) ServletContext context) {
        context.setAttribute(ATTRIBUTE, this);
    }

    /**
     * Answers a scan, reading the database if the code is not cached: for a thread that may wait.
     *
     * @param password what a password gate's form posted ("" for nothing), or null for a {@code GET} or {@code HEAD}
     */
    void answer(ScanExchange exchange, boolean count, String password) throws IOException {
        String shortCode = exchange.shortCode();
        Optional<RouteTarget> target;
        try {
            target = ShortLinks.wellFormed(shortCode) ? directory.lookup(exchange.host(), shortCode) : Optional.empty();
        } catch (RuntimeException e) {
            if (!DatabaseFailures.unreachable(e)) {
                throw e;
            }
            if (count) {
                metrics.unidentified(ScanMetrics.Outcome.UNAVAILABLE);
            }
            RedirectPages.write(exchange, RedirectPages.UNAVAILABLE, count);
            return;
        }
        answer(exchange, target, count, password);
    }

    /**
     * Answers a scan of a well-formed short code if that takes neither the database nor a flush of the buffer on
     * this thread, which may then be one that must not wait (an I/O thread).
     *
     * @return whether it answered; if not, nothing was written or counted
     */
    boolean answerWithoutWaiting(ScanExchange exchange, boolean count) throws IOException {
        if (!scans.belowCapacity()) {
            return false;
        }
        CachedTarget cached = directory.cached(exchange.host(), exchange.shortCode());
        if (cached instanceof CachedTarget.Known known) {
            answer(exchange, Optional.of(known.target()), count, null);
        } else if (cached instanceof CachedTarget.Unknown) {
            answer(exchange, Optional.empty(), count, null);
        } else {
            return false;
        }
        return true;
    }

    /** The headers every answer carries ({@link SecurityHeaders}), for the lane, which no servlet filter sees. */
    SecurityHeaders securityHeaders() {
        return securityHeaders;
    }

    private void answer(ScanExchange exchange, Optional<RouteTarget> target, boolean count, String password)
            throws IOException {
        if (target.isEmpty()) {
            if (count) {
                metrics.unidentified(ScanMetrics.Outcome.UNKNOWN);
            }
            RedirectPages.write(exchange, RedirectPages.UNKNOWN, count);
            return;
        }
        ClientFacts facts = clientFacts.resolve(exchange.peerAddress(), exchange.requestHeaders());
        Instant now = clock.instant();
        long countBefore = directory.countBefore(target.get());
        RoutingOutcome outcome = Router.outcome(target.get(), facts, now, countBefore,
                gate.passed(exchange, target.get(), now), ThreadLocalRandom.current());
        if (outcome instanceof RoutingOutcome.Locked) {
            if (password == null) {
                if (count) {
                    metrics.scanned(ScanMetrics.Outcome.PASSWORD_REQUIRED, facts.bot());
                }
                RedirectPages.write(exchange, RedirectPages.ASK, exchange.shortCode(), count);
                return;
            }
            if (!gate.open(exchange, target.get(), facts.client(), password, now)) {
                return;
            }
            outcome = Router.outcome(target.get(), facts, now, countBefore, true, ThreadLocalRandom.current());
        }
        if (outcome instanceof RoutingOutcome.Gone) {
            // A deleted code's scans are not counted: nothing about them is kept.
            if (count) {
                metrics.scanned(ScanMetrics.Outcome.GONE, facts.bot());
            }
            RedirectPages.write(exchange, RedirectPages.GONE, count);
            return;
        }
        Route route = outcome instanceof RoutingOutcome.Redirect redirect ? redirect.route() : null;
        Held held = route == null ? Held.of(outcome) : null;
        if (count) {
            scans.record(new ScanEvent(target.get().codeId(), now, facts, visitorKeys.key(facts.client(),
                    exchange.requestHeaders().apply("User-Agent"), now.atZone(ZoneOffset.UTC).toLocalDate()), route));
            metrics.scanned(route != null ? ScanMetrics.Outcome.REDIRECTED : held.outcome(), facts.bot());
        }
        if (route != null) {
            // After a form, 303 makes every browser follow with a GET (RFC 9110 §15.4.4).
            exchange.status(password == null ? HttpServletResponse.SC_FOUND : HttpServletResponse.SC_SEE_OTHER);
            exchange.header("Location", route.destinationUrl());
        } else {
            RedirectPages.write(exchange, held.page(), count);
        }
    }

    /** A counted scan of an existing code that is not sent on: the page it gets, and how it is counted. */
    private record Held(RedirectPages.Page page, ScanMetrics.Outcome outcome) {

        static Held of(RoutingOutcome outcome) {
            if (outcome instanceof RoutingOutcome.Expired) {
                return new Held(RedirectPages.EXPIRED, ScanMetrics.Outcome.EXPIRED);
            }
            if (outcome instanceof RoutingOutcome.NotYetValid) {
                return new Held(RedirectPages.NOT_YET_VALID, ScanMetrics.Outcome.NOT_YET_VALID);
            }
            return new Held(RedirectPages.PAUSED, ScanMetrics.Outcome.PAUSED);
        }
    }
}
