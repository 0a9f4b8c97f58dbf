package dev.qrforge.api;

/**
 * Every error code the API returns, with the HTTP status it travels with. docs/api.md, "Errors", lists the same
 * table.
 */
public enum ErrorCode {
    INVALID_PARAMETER(400),
    INVALID_JSON(400),
    UNAUTHORIZED(401),
    FORBIDDEN(403),
    NOT_FOUND(404),
    METHOD_NOT_ALLOWED(405),
    NOT_ACCEPTABLE(406),
    CONFLICT(409),
    /** Analytics asked of a static code: its data is in the image, nothing passes through the service to count. */
    NOT_TRACKABLE(409),
    PAYLOAD_TOO_LARGE(413),
    UNSUPPORTED_MEDIA_TYPE(415),
    /** Well-formed, but names something it may not use: a custom domain not verified, or not the workspace's. */
    UNPROCESSABLE(422),
    RATE_LIMITED(429),
    INTERNAL_ERROR(500),
    /** Temporarily unable: the render memory budget is spent, or the database is unreachable; see Retry-After. */
    SERVICE_UNAVAILABLE(503);

    private final int status;

    ErrorCode(int status) {
        this.status = status;
    }

    public int status() {
        return status;
    }
}
