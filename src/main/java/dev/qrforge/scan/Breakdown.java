package dev.qrforge.scan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.TreeMap;

/**
 * People's scans per dimension value in one rollup bucket (a code's hour or day), stored packed in one column as
 * {@code {"os":{"iOS":3,"Android":1},"country":{"US":4}}}. One row per bucket instead of one per dimension value
 * is what keeps the flush fast when scans are spread thinly over many codes: a scan then touches two rollup rows,
 * not fifteen.
 *
 * <p>A code's bucket keeps at most {@value #MAX_VALUES} values per dimension; scans with further values count under
 * {@value #OTHER}, so a flood of distinct referrers cannot grow a row without bound. A workspace's bucket is the
 * value-for-value {@link #sum} of its codes' buckets, cap and {@value #OTHER} included, which is exactly what adding
 * up the codes' buckets when it is read would give.
 */
public final class Breakdown {

    static final int MAX_VALUES = 1000;
    public static final String OTHER = "(other)";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<TreeMap<String, TreeMap<String, Long>>> SHAPE = new TypeReference<>() {
    };

    private final TreeMap<String, TreeMap<String, Long>> counts;

    private Breakdown(TreeMap<String, TreeMap<String, Long>> counts) {
        this.counts = counts;
    }

    public static Breakdown empty() {
        return new Breakdown(new TreeMap<>());
    }

    /** Reads a stored breakdown; null (a bucket of bots only) is empty. */
    public static Breakdown parse(String json) {
        if (json == null || json.isEmpty()) {
            return empty();
        }
        try {
            return new Breakdown(JSON.readValue(json, SHAPE));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored scan breakdown is not valid: " + e.getOriginalMessage(), e);
        }
    }

    public void add(String dimension, String value, long scans) {
        TreeMap<String, Long> values = counts.computeIfAbsent(dimension, d -> new TreeMap<>());
        values.merge(capped(values, value), scans, Long::sum);
    }

    /** The value a scan with {@code value} counts under in a code's bucket holding {@code values}. */
    private static String capped(Map<String, Long> values, String value) {
        return values.containsKey(value) || values.size() < MAX_VALUES ? value : OTHER;
    }

    /**
     * Adds {@code other} under this bucket's cap.
     *
     * @return what was added, by the values it was counted under here ({@value #OTHER} for those beyond the cap)
     */
    public Breakdown addAll(Breakdown other) {
        Breakdown added = empty();
        other.counts.forEach((dimension, values) -> values.forEach((value, scans) -> {
            TreeMap<String, Long> mine = counts.computeIfAbsent(dimension, d -> new TreeMap<>());
            String key = capped(mine, value);
            mine.merge(key, scans, Long::sum);
            added.counts.computeIfAbsent(dimension, d -> new TreeMap<>()).merge(key, scans, Long::sum);
        }));
        return added;
    }

    /**
     * Adds {@code other} value for value, without a cap: buckets of different codes summed. A negative count
     * subtracts, and a value whose count comes to zero goes, as if it had never been added.
     */
    public void sum(Breakdown other) {
        other.counts.forEach((dimension, values) -> {
            TreeMap<String, Long> mine = counts.computeIfAbsent(dimension, d -> new TreeMap<>());
            values.forEach((value, scans) -> mine.merge(value, scans, (a, b) -> a + b == 0 ? null : a + b));
            if (mine.isEmpty()) {
                counts.remove(dimension);
            }
        });
    }

    /** The same counts negated: what {@link #sum} takes to subtract this bucket. */
    public Breakdown negated() {
        Breakdown negated = empty();
        counts.forEach((dimension, values) -> {
            TreeMap<String, Long> copy = new TreeMap<>();
            values.forEach((value, scans) -> copy.put(value, -scans));
            negated.counts.put(dimension, copy);
        });
        return negated;
    }

    /** The counts of one dimension ({@link ScanDimension#stored()}), by value. */
    public Map<String, Long> of(String dimension) {
        return counts.getOrDefault(dimension, new TreeMap<>());
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(counts);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("maps of strings and numbers always serialise", e);
        }
    }
}
