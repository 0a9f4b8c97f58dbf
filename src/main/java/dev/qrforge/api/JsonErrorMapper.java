package dev.qrforge.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * RESTEasy's Jackson integration ships its own mapper for JSON errors (a bare "Not able to deserialize data
 * provided."), which outranks a mapper for Throwable. This one outranks it in turn and hands over to
 * {@link ErrorMapper}, so JSON errors get the same envelope and field names as everything else.
 */
@Provider
@ApplicationScoped
public class JsonErrorMapper implements ExceptionMapper<JsonProcessingException> {

    @Inject
    ErrorMapper errors;

    @Override
    public Response toResponse(JsonProcessingException exception) {
        return errors.toResponse(exception);
    }
}
