package dev.qrforge.dynamic;

import dev.qrforge.client.ClientFacts;
import dev.qrforge.scan.Route;
import java.time.Instant;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Where one scan of an existing dynamic code leads: a deleted code is gone, a paused one holds, one before its
 * {@code validFrom} waits, an expired one (past {@code expiresAt}, or with {@code maxScans} counted) hands over to its
 * expired URL, a gated one asks for its password unless the scanner gave it, else the first rule whose every
 * condition holds decides, else the code's destination.
 */
public final class Router {

    private Router() {
    }

    /**
     * @param countBefore the code's counted scans before this one, for {@code scanCountBelow} rules
     * @param unlocked    whether the scanner has given the code's password (moot for a code without a gate)
     * @param random      the source for weighted splits
     */
    public static RoutingOutcome outcome(RouteTarget target, ClientFacts facts, Instant now, long countBefore,
            boolean unlocked, RandomGenerator random) {
        if (target.deleted()) {
            return new RoutingOutcome.Gone();
        }
        if (target.status() == DynamicStatus.PAUSED) {
            return new RoutingOutcome.Paused();
        }
        if (!target.validity().startedAt(now)) {
            return new RoutingOutcome.NotYetValid();
        }
        // An expired code's page is not part of the campaign: its URL gets no campaign parameters.
        if (target.validity().endedAt(now, countBefore)) {
            return target.expiredUrl() == null ? new RoutingOutcome.Expired()
                    : new RoutingOutcome.Redirect(Route.expired(target.expiredUrl()));
        }
        // Only a code that would lead to its campaign asks: a paused or expired one tells so to anyone.
        if (target.gated() && !unlocked) {
            return new RoutingOutcome.Locked();
        }
        RoutingFacts scan = new RoutingFacts(facts.os(), facts.device(), facts.browser(), facts.country(),
                facts.language(), now, countBefore);
        return new RoutingOutcome.Redirect(route(target.rules().rules(), target.destinationUrl(), target.utm(), scan,
                random));
    }

    /**
     * @param rules      validated rules, in the order the owner gave them: the first whose every condition
     *                   holds wins
     * @param defaultUrl where scans go that no rule takes
     * @param utm        the code's campaign parameters for whichever destination is chosen, or null
     * @param random     source for weighted splits
     */
    public static Route route(List<Rule> rules, String defaultUrl, Utm utm, RoutingFacts scan,
            RandomGenerator random) {
        for (int i = 0; i < rules.size(); i++) {
            if (rules.get(i).when().matches(scan)) {
                return rules.get(i).route(i, random, utm);
            }
        }
        return Route.byDefault(Utm.apply(utm, defaultUrl));
    }
}
