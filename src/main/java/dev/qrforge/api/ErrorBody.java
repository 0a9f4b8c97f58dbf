package dev.qrforge.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** The error envelope of spec section 7: {@code {"error": {code, field, message, request_id}}}. */
public record ErrorBody(Detail error) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Detail(String code, String field, String message, @JsonProperty("request_id") String requestId) {
    }

    public static ErrorBody of(ErrorCode code, String field, String message, String requestId) {
        return new ErrorBody(new Detail(code.name(), field, message, requestId));
    }
}
