package dev.qrforge.api;

import dev.qrforge.platform.Ids;
import jakarta.enterprise.context.RequestScoped;

/**
 * The identifier of the current request ({@code req_…}), sent as {@code X-Request-Id}, in every error body and in
 * every log line written while serving it ({@link RequestLogContext}).
 */
@RequestScoped
public class RequestId {

    public static final String HEADER = "X-Request-Id";

    private final String value = mint();

    /** A new request id: this bean's, or that of a request served outside the servlet chain. */
    public static String mint() {
        return Ids.nextUnguarded("req_");
    }

    public String value() {
        return value;
    }
}
