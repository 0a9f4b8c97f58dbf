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
 * <p>A bucket keeps at most {@value #MAX_VALUES} values per dimension; scans with further values count under
 * {@value #OTHER}, so a flood of distinct referrers cannot grow a row without bound.
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
        String key = values.containsKey(value) || values.size() < MAX_VALUES ? value : OTHER;
        values.merge(key, scans, Long::sum);
    }

    public void addAll(Breakdown other) {
        other.counts.forEach((dimension, values) -> values.forEach((value, scans) -> add(dimension, value, scans)));
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
