package dev.qrforge.api;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The API's one rule for query strings, the query's counterpart of strict JSON ({@link JsonConfig}): a parameter the
 * operation does not take is a 400 naming it, as an unknown body field is, and a parameter given twice is a 400
 * unless the operation takes a list there ({@code tag=a&tag=b}). JAX-RS would silently ignore the first and hand the
 * method the first of the second, so {@code limit=5&limit=x} would list five and {@code limt=5} fifty. The
 * parameters an operation takes are read off its resource method's {@link QueryParam}s, once per method.
 */
@Provider
@ApplicationScoped
@Priority(Priorities.USER)
public class QueryParameters implements ContainerRequestFilter {

    private final Map<Method, Map<String, Boolean>> declared = new ConcurrentHashMap<>();

    @Context
    ResourceInfo resource;

    @Override
    public void filter(ContainerRequestContext request) {
        Method method = resource.getResourceMethod();
        if (method == null) {
            return;
        }
        Map<String, Boolean> repeatable = declared.computeIfAbsent(method, QueryParameters::declaredBy);
        request.getUriInfo().getQueryParameters().forEach((name, values) -> {
            Boolean list = repeatable.get(name);
            if (list == null) {
                throw ApiException.invalid(name, "unknown query parameter '" + name + "'; "
                        + (repeatable.isEmpty() ? "this operation takes none"
                        : "allowed: " + String.join(", ", new TreeSet<>(repeatable.keySet()))));
            }
            if (values.size() > 1 && !list) {
                throw ApiException.invalid(name, name + " is given " + values.size() + " times; give it once");
            }
        });
    }

    /** The query parameters a resource method takes, each with whether it takes a list of values. */
    private static Map<String, Boolean> declaredBy(Method method) {
        return List.of(method.getParameters()).stream().filter(p -> p.isAnnotationPresent(QueryParam.class))
                .collect(Collectors.toUnmodifiableMap(p -> p.getAnnotation(QueryParam.class).value(),
                        QueryParameters::takesList, (a, b) -> a || b));
    }

    private static boolean takesList(Parameter parameter) {
        Class<?> type = parameter.getType();
        return Collection.class.isAssignableFrom(type) || type.isArray();
    }
}
