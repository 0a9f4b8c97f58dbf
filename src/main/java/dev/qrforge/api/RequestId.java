package dev.qrforge.api;

import dev.qrforge.platform.Ids;
import jakarta.enterprise.context.RequestScoped;

/** The identifier of the current request ({@code req_…}), sent as {@code X-Request-Id} and in every error body. */
@RequestScoped
public class RequestId {

    public static final String HEADER = "X-Request-Id";

    private final String value = Ids.next("req_");

    public String value() {
        return value;
    }
}
