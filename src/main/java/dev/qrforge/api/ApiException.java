package dev.qrforge.api;

/**
 * A failure the caller can act on. Thrown anywhere below a resource; {@link ErrorMapper} turns it into the
 * error envelope.
 */
public class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final String field;

    public ApiException(ErrorCode code, String field, String message) {
        super(message, null, false, false);
        this.code = code;
        this.field = field;
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

    /** The offending request field, dotted for nested fields; null when no single field is at fault. */
    public String field() {
        return field;
    }
}
