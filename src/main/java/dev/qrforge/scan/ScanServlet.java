package dev.qrforge.scan;

import dev.qrforge.dynamic.CodeDirectory;
import dev.qrforge.platform.DatabaseFailures;
import dev.qrforge.dynamic.RouteTarget;
import dev.qrforge.dynamic.ScanOutcome;
import dev.qrforge.dynamic.ScanRouting;
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
import java.util.regex.Pattern;

/**
 * {@code GET /s/{shortCode}}: where every printed dynamic code leads. A plain servlet rather than a JAX-RS
 * resource because this is the hot path: one cache lookup, one parse of the user agent (cached), one append to
 * the scan buffer, no database call and no lock. {@code HEAD} answers the same but is not counted.
 */
@WebServlet(urlPatterns = ScanServlet.PATH + "*")
public class ScanServlet extends HttpServlet {

    static final String PATH = "/s/";
    private static final Pattern SHORT_CODE = Pattern.compile("[A-Za-z0-9_-]{1,64}");

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
            target = SHORT_CODE.matcher(shortCode).matches() ? directory.lookup(shortCode) : Optional.empty();
        } catch (RuntimeException e) {
            if (!DatabaseFailures.unreachable(e)) {
                throw e;
            }
            ScanPages.write(response, ScanPages.UNAVAILABLE, count);
            return;
        }
        if (target.isEmpty()) {
            ScanPages.write(response, ScanPages.UNKNOWN, count);
            return;
        }
        ClientFacts facts = clientFacts.resolve(request);
        Instant now = clock.instant();
        ScanOutcome outcome = ScanRouting.outcome(target.get(), facts, now, directory.countBefore(target.get()),
                ThreadLocalRandom.current());
        if (count) {
            scans.record(new ScanEvent(target.get().codeId(), now, facts,
                    visitorKeys.key(facts.client(), request.getHeader("User-Agent"), now.atZone(ZoneOffset.UTC).toLocalDate())));
        }
        if (outcome instanceof ScanOutcome.Redirect redirect) {
            response.setStatus(HttpServletResponse.SC_FOUND);
            response.setHeader("Location", redirect.url());
        } else {
            ScanPages.write(response, outcome instanceof ScanOutcome.Expired ? ScanPages.EXPIRED : ScanPages.PAUSED,
                    count);
        }
    }
}
