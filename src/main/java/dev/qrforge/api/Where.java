package dev.qrforge.api;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The filters of a listing as a JPQL predicate on the alias {@code e} with named parameters, for {@link Keyset}.
 * Values are always bound, never spliced into the query text.
 */
public final class Where {

    /** The escape character of {@link #contains} patterns. */
    public static final String LIKE_ESCAPE = "escape '\\'";

    private final List<String> conditions = new ArrayList<>();
    private final Map<String, Object> parameters = new LinkedHashMap<>();

    /** A condition without parameters. */
    public Where and(String condition) {
        conditions.add(condition);
        return this;
    }

    /** A condition with one parameter {@code :name}; a null value leaves the filter out. */
    public Where and(String condition, String name, Object value) {
        if (value != null) {
            conditions.add(condition);
            parameters.put(name, value);
        }
        return this;
    }

    /** {@code createdFrom} (inclusive) and {@code createdTo} (exclusive) from the query, on {@code e.createdAt}. */
    public Where created(String from, String to) {
        Instant start = from == null ? null : Instants.parse("createdFrom", from);
        Instant end = to == null ? null : Instants.parse("createdTo", to);
        if (start != null && end != null && !start.isBefore(end)) {
            throw ApiException.invalid("createdTo", "createdTo must be after createdFrom");
        }
        return and("e.createdAt >= :createdFrom", "createdFrom", start)
                .and("e.createdAt < :createdTo", "createdTo", end);
    }

    /**
     * A case-insensitive LIKE pattern for "contains {@code text}", its wildcards escaped, or null for no filter;
     * compare it as {@code lower(x) like :p } + {@link #LIKE_ESCAPE}.
     */
    public static String contains(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        return "%" + text.toLowerCase(Locale.ROOT).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }

    String jpql() {
        return String.join(" and ", conditions);
    }

    Map<String, Object> parameters() {
        return parameters;
    }
}
