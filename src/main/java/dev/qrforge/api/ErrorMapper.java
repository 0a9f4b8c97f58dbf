package dev.qrforge.api;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.qrforge.platform.DatabaseFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * The one place where a failure becomes an HTTP answer. Whatever is thrown (our own {@link ApiException}, a
 * JAX-RS routing failure, a Jackson binding failure, or a bug) leaves as the spec's error envelope with the
 * status of its code, and never with a stack trace.
 */
@Provider
@ApplicationScoped
public class ErrorMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(ErrorMapper.class.getName());
    private static final String DATABASE_RETRY_AFTER_SECONDS = "5";
    private static final String BUSY_RETRY_AFTER_SECONDS = "1";

    @Inject
    RequestId requestId;

    @Override
    public Response toResponse(Throwable thrown) {
        ApiException error = translate(thrown);
        if (error.code() == ErrorCode.INTERNAL_ERROR) {
            LOG.log(Level.SEVERE, "Request " + requestId.value() + " failed", thrown);
        }
        Response.ResponseBuilder response = Response.status(error.code().status())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header(RequestId.HEADER, requestId.value())
                .entity(ErrorBody.of(error.code(), error.field(), error.getMessage(), requestId.value()));
        error.headers().forEach(response::header);
        if (error.code() == ErrorCode.UNAUTHORIZED && !error.headers().containsKey(HttpHeaders.WWW_AUTHENTICATE)) {
            response.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        }
        if (thrown instanceof NotAllowedException notAllowed) {
            response.allow(notAllowed.getResponse().getAllowedMethods());
        }
        return response.build();
    }

    /** What a failure means to the client: its code, field and message. */
    public static ApiException translate(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof ApiException api) {
                return api;
            }
            if (t instanceof BodyLimitFilter.BodyTooLargeException tooLarge) {
                return new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, null, tooLarge.getMessage());
            }
            if (t instanceof JsonProcessingException json) {
                return fromJackson(json);
            }
        }
        if (DatabaseFailures.unreachable(thrown)) {
            return databaseUnreachable();
        }
        if (DatabaseFailures.busy(thrown)) {
            return new ApiException(ErrorCode.SERVICE_UNAVAILABLE, null, "what this request changes was held by other"
                    + " work for longer than the database waits; nothing was changed: retry after the time in"
                    + " Retry-After", Map.of(HttpHeaders.RETRY_AFTER, BUSY_RETRY_AFTER_SECONDS));
        }
        return fromJaxRs(thrown);
    }

    /** What a client is told while the database cannot be reached: a temporary condition worth retrying. */
    public static ApiException databaseUnreachable() {
        return new ApiException(ErrorCode.SERVICE_UNAVAILABLE, null, "the database cannot be reached at the moment;"
                + " retry after the time in Retry-After", Map.of(HttpHeaders.RETRY_AFTER, DATABASE_RETRY_AFTER_SECONDS));
    }

    private static ApiException fromJaxRs(Throwable thrown) {
        if (thrown instanceof NotFoundException) {
            return new ApiException(ErrorCode.NOT_FOUND, null, "no such resource");
        }
        if (thrown instanceof NotAllowedException notAllowed) {
            return new ApiException(ErrorCode.METHOD_NOT_ALLOWED, null,
                    "method not allowed here; allowed: " + String.join(", ", notAllowed.getResponse().getAllowedMethods()));
        }
        if (thrown instanceof NotSupportedException) {
            return new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, null, "Content-Type must be application/json");
        }
        if (thrown instanceof NotAcceptableException) {
            return new ApiException(ErrorCode.NOT_ACCEPTABLE, null,
                    "none of the media types in Accept can be produced here");
        }
        if (thrown instanceof WebApplicationException web && web.getResponse().getStatus() < 500) {
            for (ErrorCode code : ErrorCode.values()) {
                if (code.status() == web.getResponse().getStatus() && code != ErrorCode.INVALID_JSON) {
                    return new ApiException(code, null, web.getResponse().getStatusInfo().getReasonPhrase());
                }
            }
            return ApiException.invalid(null, web.getResponse().getStatusInfo().getReasonPhrase());
        }
        return new ApiException(ErrorCode.INTERNAL_ERROR, null,
                "the server failed to handle this request; quote the request_id when reporting it");
    }

    private static ApiException fromJackson(JsonProcessingException json) {
        if (json instanceof UnrecognizedPropertyException unknown) {
            return ApiException.unknownField(path(unknown), unknown.getPropertyName(),
                    unknown.getKnownPropertyIds().stream().map(String::valueOf).toList());
        }
        if (json instanceof InvalidNullException nul) {
            return ApiException.notNull(path(nul));
        }
        if (json instanceof InvalidTypeIdException badType && badType.getBaseType() != null) {
            return typeId(badType);
        }
        if (json instanceof MismatchedInputException mismatch && !mismatch.getPath().isEmpty()) {
            return ApiException.invalid(path(mismatch), "must be " + describe(mismatch.getTargetType()));
        }
        if (json instanceof MismatchedInputException) {
            return new ApiException(ErrorCode.INVALID_JSON, null, "the request body must be a JSON object");
        }
        return new ApiException(ErrorCode.INVALID_JSON, null,
                "the request body is not valid JSON: " + json.getOriginalMessage());
    }

    /**
     * A polymorphic object (a typed {@code content}) whose type property is missing or names no known type: the
     * error names that property and lists the types, read off the base type's own Jackson annotations.
     */
    private static ApiException typeId(InvalidTypeIdException e) {
        Class<?> base = e.getBaseType().getRawClass();
        JsonTypeInfo info = base.getAnnotation(JsonTypeInfo.class);
        JsonSubTypes subtypes = base.getAnnotation(JsonSubTypes.class);
        String property = info == null || info.property().isEmpty() ? "type" : info.property();
        String path = path(e);
        String field = path.isEmpty() ? property : path + "." + property;
        String allowed = subtypes == null ? "a known type" : "one of: " + Arrays.stream(subtypes.value())
                .map(JsonSubTypes.Type::name).collect(Collectors.joining(", "));
        return ApiException.invalid(field, e.getTypeId() == null ? field + " is required, " + allowed
                : field + " must be " + allowed + "; got '" + e.getTypeId() + "'");
    }

    /** Jackson's reference path as the field name a client sees: {@code design.foregroundColor}, {@code items[3].data}. */
    static String path(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static final Map<Class<?>, String> TYPE_NAMES = Map.of(
            String.class, "a string",
            Integer.class, "an integer",
            int.class, "an integer",
            Long.class, "an integer",
            Number.class, "a number",
            Double.class, "a number",
            Boolean.class, "true or false",
            boolean.class, "true or false",
            List.class, "an array");

    private static String describe(Class<?> target) {
        if (target == null) {
            return "of another type";
        }
        String name = TYPE_NAMES.get(target);
        if (name != null) {
            return name;
        }
        return Collection.class.isAssignableFrom(target) || target.isArray() ? "an array" : "an object";
    }
}
