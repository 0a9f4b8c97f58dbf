package dev.qrforge.api;

/** A validated {@code limit}/{@code cursor} pair from a listing's query string. */
public record PageRequest(int limit, Cursor after) {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 200;

    /**
     * Takes the raw query values: JAX-RS would answer a non-numeric {@code limit} with 404, where the caller
     * deserves INVALID_PARAMETER naming the parameter.
     */
    public static PageRequest of(String limit, String cursor) {
        return new PageRequest(parseLimit(limit), cursor == null || cursor.isEmpty() ? null : Cursor.decode(cursor));
    }

    private static int parseLimit(String limit) {
        if (limit == null) {
            return DEFAULT_LIMIT;
        }
        try {
            int size = Integer.parseInt(limit);
            if (size >= 1 && size <= MAX_LIMIT) {
                return size;
            }
        } catch (NumberFormatException e) {
            // reported below, like an out-of-range number
        }
        throw ApiException.invalid("limit", "limit must be an integer between 1 and " + MAX_LIMIT);
    }
}
