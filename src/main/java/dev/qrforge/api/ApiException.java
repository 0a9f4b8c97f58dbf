package dev.qrforge.api;

import java.util.Map;

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
