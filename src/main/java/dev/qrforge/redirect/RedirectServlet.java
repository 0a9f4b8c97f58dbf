package dev.qrforge.redirect;

import dev.qrforge.client.ClientFacts;
import dev.qrforge.client.ClientFactsService;
import dev.qrforge.client.VisitorKeys;
import dev.qrforge.dynamic.CodeDirectory;
import dev.qrforge.dynamic.RouteTarget;
import dev.qrforge.dynamic.Router;
import dev.qrforge.dynamic.RoutingOutcome;
import dev.qrforge.dynamic.ShortLinks;
import dev.qrforge.platform.DatabaseFailures;
import dev.qrforge.scan.Route;
import dev.qrforge.scan.ScanBuffer;
import dev.qrforge.scan.ScanEvent;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code GET /s/{shortCode}}: where every printed dynamic code leads, the redirect path. A plain servlet rather than a
 * JAX-RS resource because this is the hot path: one cache lookup ({@link CodeDirectory}), one parse of the user agent
 * (cached), the {@link Router}'s decision, one append to the {@link ScanBuffer}, no database call and no lock.
 * {@code HEAD} answers the same but is not counted.
 */
@WebServlet(urlPatterns = ShortLinks.PATH + "*")
public class RedirectServlet extends HttpServlet {

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

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        scan(request, response, true);
    }

    @Override
    protected void doHead(HttpServletRequest request, HttpServletResponse response) throws IOException {
        scan(request, response, false);
    }

    private void scan(HttpServletRequest request, HttpServletResponse response, boolean count) throws IOException {
        String shortCode = request.getPathInfo() == null ? "" : request.getPathInfo().substring(1);
        Optional<RouteTarget> target;
        try {
            target = ShortLinks.wellFormed(shortCode) ? directory.lookup(shortCode) : Optional.empty();
        } catch (RuntimeException e) {
            if (!DatabaseFailures.unreachable(e)) {
                throw e;
            }
            if (count) {
                metrics.unidentified(ScanMetrics.Outcome.UNAVAILABLE);
            }
            RedirectPages.write(response, RedirectPages.UNAVAILABLE, count);
            return;
        }
        if (target.isEmpty()) {
            if (count) {
                metrics.unidentified(ScanMetrics.Outcome.UNKNOWN);
            }
            RedirectPages.write(response, RedirectPages.UNKNOWN, count);
            return;
        }
        ClientFacts facts = clientFacts.resolve(request);
        Instant now = clock.instant();
        RoutingOutcome outcome = Router.outcome(target.get(), facts, now, directory.countBefore(target.get()),
                ThreadLocalRandom.current());
        if (outcome instanceof RoutingOutcome.Gone) {
            // A deleted code's scans are not counted: nothing about them is kept.
            if (count) {
                metrics.scanned(ScanMetrics.Outcome.GONE, facts.bot());
            }
            RedirectPages.write(response, RedirectPages.GONE, count);
            return;
        }
        Route route = outcome instanceof RoutingOutcome.Redirect redirect ? redirect.route() : null;
        boolean expired = outcome instanceof RoutingOutcome.Expired;
        if (count) {
            scans.record(new ScanEvent(target.get().codeId(), now, facts, visitorKeys.key(facts.client(),
                    request.getHeader("User-Agent"), now.atZone(ZoneOffset.UTC).toLocalDate()), route));
            metrics.scanned(route != null ? ScanMetrics.Outcome.REDIRECTED
                    : expired ? ScanMetrics.Outcome.EXPIRED : ScanMetrics.Outcome.PAUSED, facts.bot());
        }
        if (route != null) {
            response.setStatus(HttpServletResponse.SC_FOUND);
            response.setHeader("Location", route.destinationUrl());
        } else {
            RedirectPages.write(response, expired ? RedirectPages.EXPIRED : RedirectPages.PAUSED, count);
        }
    }
}
