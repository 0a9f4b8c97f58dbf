package dev.qrforge.api;

import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A failure the caller can act on. Thrown anywhere below a resource; {@link ErrorMapper} turns it into the
 * error envelope.
 */
public class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final String field;
    private final Map<String, String> headers;

    public ApiException(ErrorCode code, String field, String message) {
        this(code, field, message, Map.of());
    }

    /** With response headers the error needs, such as {@code WWW-Authenticate} or {@code Retry-After}. */
    public ApiException(ErrorCode code, String field, String message, Map<String, String> headers) {
        super(message, null, false, false);
        this.code = code;
        this.field = field;
        this.headers = Map.copyOf(headers);
    }

    public static ApiException invalid(String field, String message) {
        return new ApiException(ErrorCode.INVALID_PARAMETER, field, message);
    }

    /**
     * A member the body may not have, at {@code path} ({@code design.shadow}): bound bodies and merge patches say so
     * in the same words.
     */
    public static ApiException unknownField(String path, String name, Collection<String> allowed) {
        return invalid(path, "unknown field '" + name + "'; allowed: "
                + allowed.stream().sorted().collect(Collectors.joining(", ")));
    }

    /**
     * A null where the document does not type the member nullable: absent is how a body asks for the default. A
     * list's item ({@code tags[1]}) has no default to ask for.
     */
    public static ApiException notNull(String path) {
        return invalid(path, "cannot be null" + (path.endsWith("]") ? "" : "; leave it out for the default"));
    }

    public static ApiException notFound(String what) {
        return new ApiException(ErrorCode.NOT_FOUND, null, what + " not found");
    }

    public ErrorCode code() {
        return code;
    }

    public Map<String, String> headers() {
        return headers;
    }

    /** The offending request field, dotted for nested fields; null when no single field is at fault. */
    public String field() {
        return field;
    }
}
