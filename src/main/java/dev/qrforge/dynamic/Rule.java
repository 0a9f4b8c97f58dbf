package dev.qrforge.dynamic;

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
 */
public record Rule(String name, Conditions when, String destinationUrl, List<Target> split) {

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

    /** The destination for one scan that satisfied this rule; a split draws one number from {@code random}. */
    String destination(RandomGenerator random) {
        if (destinationUrl != null) {
            return destinationUrl;
        }
        int draw = random.nextInt(split.stream().mapToInt(Target::weight).sum());
        int i = 0;
        while (draw >= split.get(i).weight()) {
            draw -= split.get(i).weight();
            i++;
        }
        return split.get(i).destinationUrl();
    }
}
