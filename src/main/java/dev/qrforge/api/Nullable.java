package dev.qrforge.api;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A request member that may be {@code null}, as the OpenAPI document types it ({@code [x, "null"]}): {@link JsonConfig}
 * refuses null everywhere else, so this is the one way a member opts in, and {@code NullableMembersTest} holds every
 * use to the document.
 */
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT,
        ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@JacksonAnnotationsInside
@JsonSetter(nulls = Nulls.SET)
public @interface Nullable {
}
