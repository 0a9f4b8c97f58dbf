package dev.qrforge.dynamic;

import dev.qrforge.scan.Route;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A validated routing rule: where scans that meet {@link #when} go. Exactly one of {@code destinationUrl} and
 * {@code split} is set.
 *
 * @param name           a label for people, or null
 * @param when           what a scan must satisfy
 * @param destinationUrl the one destination, or null for a split
 * @param split          destinations drawn at random by weight, or null for a single destination
 * @param utm            campaign parameters over the code's ({@link Utm#over}), or null
 */
public record Rule(String name, Conditions when, String destinationUrl, List<Target> split, Utm utm) {

    /** One arm of a split: chosen with probability {@code weight} over the sum of the split's weights. */
    public record Target(String destinationUrl, int weight) {
    }

    public Rule {
        Objects.requireNonNull(when, "when");
        if ((destinationUrl == null) == (split == null)) {
            throw new IllegalArgumentException("exactly one of destinationUrl and split must be set");
        }
        split = split == null ? null : List.copyOf(split);
    }

    /**
     * Where one scan that satisfied this rule goes; a split draws one number from {@code random}.
     *
     * @param index   this rule's place among the code's rules
     * @param codeUtm the code's campaign parameters, or null
     */
    Route route(int index, RandomGenerator random, Utm codeUtm) {
        Utm parameters = Utm.over(utm, codeUtm);
        if (destinationUrl != null) {
            return new Route(Route.RULE, index, name, null, Utm.apply(parameters, destinationUrl));
        }
        int draw = random.nextInt(split.stream().mapToInt(Target::weight).sum());
        int arm = 0;
        while (draw >= split.get(arm).weight()) {
            draw -= split.get(arm).weight();
            arm++;
        }
        return new Route(Route.RULE, index, name, arm, Utm.apply(parameters, split.get(arm).destinationUrl()));
    }
}
