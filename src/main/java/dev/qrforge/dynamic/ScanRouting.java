package dev.qrforge.dynamic;

import dev.qrforge.scan.ClientFacts;
import java.time.Instant;
import java.util.random.RandomGenerator;

/** Where one scan of an existing code leads: a paused code holds, an expired one hands over, else the rules decide. */
public final class ScanRouting {

    private ScanRouting() {
    }

    /**
     * @param countBefore the code's counted scans before this one, for {@code scanCountBelow} rules
     * @param random      the source for weighted splits
     */
    public static ScanOutcome outcome(RouteTarget target, ClientFacts facts, Instant now, long countBefore,
            RandomGenerator random) {
        if (target.status() == DynamicStatus.PAUSED) {
            return new ScanOutcome.Paused();
        }
        if (target.expiredAt(now)) {
            return target.expiredUrl() == null ? new ScanOutcome.Expired()
                    : new ScanOutcome.Redirect(target.expiredUrl());
        }
        ScanContext scan = new ScanContext(facts.os(), facts.device(), facts.browser(), facts.country(),
                facts.language(), now, countBefore);
        return new ScanOutcome.Redirect(Router.destination(target.rules().rules(), target.destinationUrl(), scan,
                random));
    }
}
