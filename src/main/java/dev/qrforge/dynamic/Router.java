package dev.qrforge.dynamic;

import dev.qrforge.client.ClientFacts;
import java.time.Instant;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Where one scan of an existing dynamic code leads: a paused code holds, an expired one hands over to its expired
 * URL, else the first rule whose every condition holds decides, else the code's destination.
 */
public final class Router {

    private Router() {
    }

    /**
     * @param countBefore the code's counted scans before this one, for {@code scanCountBelow} rules
     * @param random      the source for weighted splits
     */
    public static RoutingOutcome outcome(RouteTarget target, ClientFacts facts, Instant now, long countBefore,
            RandomGenerator random) {
        if (target.status() == DynamicStatus.PAUSED) {
            return new RoutingOutcome.Paused();
        }
        if (target.expiredAt(now)) {
            return target.expiredUrl() == null ? new RoutingOutcome.Expired()
                    : new RoutingOutcome.Redirect(target.expiredUrl());
        }
        RoutingFacts scan = new RoutingFacts(facts.os(), facts.device(), facts.browser(), facts.country(),
                facts.language(), now, countBefore);
        return new RoutingOutcome.Redirect(destination(target.rules().rules(), target.destinationUrl(), scan,
                random));
    }

    /**
     * @param rules      validated rules, in the order the owner gave them: the first whose every condition
     *                   holds wins
     * @param defaultUrl where scans go that no rule takes
     * @param random     source for weighted splits
     */
    public static String destination(List<Rule> rules, String defaultUrl, RoutingFacts scan,
            RandomGenerator random) {
        for (Rule rule : rules) {
            if (rule.when().matches(scan)) {
                return rule.destination(random);
            }
        }
        return defaultUrl;
    }
}
