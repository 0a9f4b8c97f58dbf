package dev.qrforge.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

/**
 * Strict JSON: a field of the wrong type, an unknown field or a {@code null} the document does not allow is the
 * caller's mistake and is reported by name, never silently coerced ("300" is not a size, 300.5 is not an integer,
 * null is not "use the default").
 */
@Provider
@ApplicationScoped
public class JsonConfig implements ContextResolver<ObjectMapper> {

    /** The media type of a JSON merge patch (RFC 7396), which every PATCH of the API takes. */
    public static final String MERGE_PATCH = "application/merge-patch+json";

    private static final ObjectMapper MAPPER = build();

    /** The API's strict mapper, for code that binds JSON outside a resource method (e.g. stored rules). */
    public static ObjectMapper build() {
        ObjectMapper mapper = JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .serializationInclusion(JsonInclude.Include.NON_NULL)
                // One null rule for every bound body: null only where a member says @Nullable, as the document
                // types it (NullRule); a null in a list is never a value either.
                .addModule(new SimpleModule("null-rule").setDeserializerModifier(new NullRule()))
                .defaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL))
                .build();
        // Only shapes that differ from the target's own are coercions; forbid each of them, except that a whole
        // number is a fine value for a fractional field (a rotation of 90, a logo margin of 1).
        for (LogicalType scalar : new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean,
                LogicalType.Textual}) {
            for (CoercionInputShape shape : new CoercionInputShape[] {CoercionInputShape.String,
                    CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean}) {
                boolean widening = scalar == LogicalType.Float && shape == CoercionInputShape.Integer;
                mapper.coercionConfigFor(scalar).setCoercion(shape,
                        widening ? CoercionAction.TryConvert : CoercionAction.Fail);
            }
        }
        return mapper;
    }

    @Override
    public ObjectMapper getContext(Class<?> type) {
        return MAPPER;
    }
}
