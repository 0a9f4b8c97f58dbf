package dev.qrforge.dynamic;

import java.util.List;
import java.util.random.RandomGenerator;

/** Picks where one scan of a dynamic code goes. */
public final class Router {

    private Router() {
    }

    /**
     * @param rules      validated rules, in the order the owner gave them: the first whose every condition
     *                   holds wins
     * @param defaultUrl where scans go that no rule takes
     * @param random     source for weighted splits
     */
    public static String destination(List<Rule> rules, String defaultUrl, ScanContext scan,
            RandomGenerator random) {
        for (Rule rule : rules) {
            if (rule.when().matches(scan)) {
                return rule.destination(random);
            }
        }
        return defaultUrl;
    }
}
