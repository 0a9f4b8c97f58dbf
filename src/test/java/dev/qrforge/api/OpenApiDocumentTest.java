package dev.qrforge.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.qrforge.dynamic.RuleValidator;
import dev.qrforge.qr.Labels;
import dev.qrforge.safety.Signal;
import dev.qrforge.testing.OpenApiDocuments;
import jakarta.servlet.annotation.WebServlet;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * META-INF/openapi.yaml is the whole OpenAPI document (annotation scanning is off, see its head), so nothing but
 * this test keeps it in step with the resources: every JAX-RS operation, found on the compiled classes, must be in
 * it and described, with its successes, its errors and examples; everything in it must exist; every schema and
 * property must say what it is.
 */
class OpenApiDocumentTest {

    private static final String ROOT = "dev.qrforge";
    private static final String DOCUMENT = OpenApiDocuments.SOURCE;
    private static final Set<String> HTTP_METHODS = Set.of("get", "put", "post", "delete", "options", "head",
            "patch", "trace");
    private static final Pattern TEMPLATE_REGEX = Pattern.compile("\\{\\s*(\\w[\\w.-]*)\\s*:[^}]*}");

    private static JavaClasses classes;
    private static JsonNode document;
    private static Set<String> resourceOperations;

    @BeforeAll
    static void load() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(ROOT);
        document = OpenApiDocuments.source();
        resourceOperations = resourceOperations();
    }

    @Test
    void theScanFindsTheResources() {
        // Guards the guard: were discovery to find nothing, every check below would pass vacuously.
        assertThat(resourceOperations).contains("POST /api/v1/qr", "GET /api/v1/qr/{id}/image",
                "PATCH /api/v1/dynamic/{id}", "DELETE /api/v1/api-keys/{id}");
    }

    /** Every operation may answer 400: an unknown or repeated query parameter is one (QueryParameters). */
    @Test
    void everyResourceOperationDocumentsItsBadRequest() {
        List<String> missing = resourceOperations.stream().filter(operation -> operation(operation) != null)
                .filter(operation -> !operation(operation).path("responses").has("400")).toList();
        assertThat(missing).as("operations without a documented 400").isEmpty();
    }

    @Test
    void everyResourceOperationIsDocumented() {
        List<String> problems = new ArrayList<>();
        for (String operation : resourceOperations) {
            JsonNode documented = operation(operation);
            if (documented == null) {
                problems.add(operation + ": not in " + DOCUMENT);
                continue;
            }
            for (String field : List.of("summary", "description", "operationId")) {
                if (documented.path(field).asText().isBlank()) {
                    problems.add(operation + ": no " + field);
                }
            }
            List<String> statuses = names(documented.path("responses"));
            if (statuses.stream().noneMatch(status -> status.startsWith("2"))) {
                problems.add(operation + ": no success (2xx) response");
            }
            if (statuses.stream().noneMatch(status -> status.startsWith("4"))) {
                problems.add(operation + ": no error (4xx) response");
            }
            problems.addAll(missingExamples(operation, documented));
        }
        assertThat(problems).as("resource operations " + DOCUMENT + " lacks or leaves undescribed").isEmpty();
    }

    @Test
    void everyDocumentedOperationExists() {
        Set<String> servletPaths = servletPathPrefixes();
        List<String> phantoms = new ArrayList<>();
        for (String path : names(document.path("paths"))) {
            for (String method : names(document.path("paths").path(path))) {
                if (!HTTP_METHODS.contains(method)) {
                    continue;
                }
                String operation = method.toUpperCase(Locale.ROOT) + " " + path;
                boolean servlet = servletPaths.stream().anyMatch(path::startsWith);
                if (!servlet && !resourceOperations.contains(operation)) {
                    phantoms.add(operation);
                }
                if (servlet && document.path("paths").path(path).path(method).path("summary").asText().isBlank()) {
                    phantoms.add(operation + " (servlet): no summary");
                }
            }
        }
        assertThat(phantoms).as("operations in " + DOCUMENT + " that no resource method or servlet answers")
                .isEmpty();
    }

    @Test
    void everySchemaAndPropertyIsDescribed() {
        List<String> undescribed = new ArrayList<>();
        for (String name : names(document.path("components").path("schemas"))) {
            JsonNode schema = document.path("components").path("schemas").path(name);
            if (schema.path("description").asText().isBlank()) {
                undescribed.add(name);
            }
            collectUndescribedProperties(name, schema, undescribed);
        }
        assertThat(undescribed).as("schemas and properties without a description").isEmpty();
    }

    @Test
    void everyReferenceResolves() {
        List<String> dangling = new ArrayList<>();
        collectDanglingReferences("", document, dangling);
        assertThat(dangling).as("$refs to nothing").isEmpty();
    }

    @Test
    void everyPathTemplateHasItsPathParameter() {
        List<String> problems = new ArrayList<>();
        Pattern variable = Pattern.compile("\\{([^}]+)}");
        for (String path : names(document.path("paths"))) {
            for (String method : names(document.path("paths").path(path))) {
                if (!HTTP_METHODS.contains(method)) {
                    continue;
                }
                Set<String> declared = new TreeSet<>();
                for (JsonNode parameter : document.path("paths").path(path).path(method).path("parameters")) {
                    JsonNode resolved = resolve(parameter);
                    if ("path".equals(resolved.path("in").asText())) {
                        declared.add(resolved.path("name").asText());
                    }
                }
                Set<String> templated = new TreeSet<>();
                Matcher matcher = variable.matcher(path);
                while (matcher.find()) {
                    templated.add(matcher.group(1));
                }
                if (!declared.equals(templated)) {
                    problems.add(method.toUpperCase(Locale.ROOT) + " " + path + ": path parameters " + declared);
                }
            }
        }
        assertThat(problems).as("path templates and their declared path parameters disagree").isEmpty();
    }

    @Test
    void theDocumentedSafetySignalsAreTheAssessorsOwn() {
        Set<String> documented = new TreeSet<>();
        document.path("components").path("schemas").path("Deduction").path("properties").path("signal")
                .path("enum").forEach(signal -> documented.add(signal.asText()));
        assertThat(documented).isEqualTo(Arrays.stream(Signal.values()).map(Signal::wire)
                .collect(Collectors.toCollection(TreeSet::new)));
    }

    @Test
    void aDynamicBulkItemIsTheBodyOfADynamicCodeButPasswordPlusFilename() {
        // The server binds each item as that body (BulkValidator), so the two schemas are one but for these fields;
        // the item's is a copy, which nothing else keeps in step.
        JsonNode single = document.path("components").path("schemas").path("DynamicRequest").path("properties");
        JsonNode item = document.path("components").path("schemas").path("DynamicBulkItem").path("properties");
        Set<String> expected = new TreeSet<>(names(single));
        expected.remove("password");
        expected.add("filename");
        assertThat(new TreeSet<>(names(item))).as("DynamicBulkItem's properties").isEqualTo(expected);
        for (String name : names(single)) {
            if (item.has(name)) {
                assertThat(item.get(name)).as("DynamicBulkItem." + name).isEqualTo(single.get(name));
            }
        }
    }

    @Test
    void aRuleHasADestinationOrASplitAsTheServiceReadsIt() {
        // RuleValidator's reading, where a null split is no split: a document that let {"split": null} through
        // told generated clients and fuzzers that the service refuses a valid rule.
        String arms = "[{\"destinationUrl\": \"https://example.com/a\", \"weight\": 1},"
                + " {\"destinationUrl\": \"https://example.com/b\", \"weight\": 1}]";
        Map<String, Boolean> validity = new LinkedHashMap<>();
        for (String rule : List.of("{\"destinationUrl\": \"https://example.com\"}", "{\"split\": " + arms + "}",
                "{\"destinationUrl\": \"https://example.com\", \"split\": null}", "{\"split\": null}", "{}",
                "{\"destinationUrl\": \"https://example.com\", \"split\": " + arms + "}")) {
            validity.put(rule, OpenApiDocuments.violations("/components/schemas/Rule",
                    OpenApiDocuments.tree(rule)).isEmpty());
        }
        assertThat(validity.values()).containsExactly(true, true, true, false, false, false);
    }

    @Test
    void aRequestsListsAreAsLongAsTheServiceKeeps() {
        // Without maxItems, generated clients and fuzzers took 21 tags (qr.Labels) or 51 rules (a PATCH's, where
        // RuleValidator counts them as on creation) for valid.
        assertThat(maxItems("tags")).containsOnlyKeys("QrRequest", "DynamicRequest", "LabelsPatch", "DynamicPatch",
                "DynamicBulkItem", "DynamicBulkPatch")
                .allSatisfy((schema, limit) -> assertThat(limit).as(schema).isEqualTo(Labels.MAX_TAGS));
        assertThat(maxItems("rules")).containsOnlyKeys("DynamicRequest", "DynamicPatch", "DynamicBulkItem")
                .allSatisfy((schema, limit) -> assertThat(limit).as(schema).isEqualTo(RuleValidator.MAX_RULES));
    }

    /** The maxItems of a list member of every request schema that has it (0 for none), by schema. */
    private static Map<String, Integer> maxItems(String member) {
        Map<String, Integer> limits = new LinkedHashMap<>();
        for (String name : names(document.path("components").path("schemas"))) {
            JsonNode list = document.path("components").path("schemas").path(name).path("properties").path(member);
            if (!list.isMissingNode() && !name.endsWith("View")) {
                limits.put(name, list.path("maxItems").asInt());
            }
        }
        return limits;
    }

    /** "METHOD /api/path" of every resource method, from the compiled classes, under the application path. */
    private static Set<String> resourceOperations() {
        String applicationPath = classes.stream().filter(type -> type.isAnnotatedWith(ApplicationPath.class))
                .map(type -> type.getAnnotationOfType(ApplicationPath.class).value())
                .reduce((a, b) -> {
                    throw new AssertionError("more than one @ApplicationPath: " + a + ", " + b);
                })
                .orElseThrow(() -> new AssertionError("no @ApplicationPath class under " + ROOT));
        Set<String> operations = new TreeSet<>();
        for (JavaClass resource : classes) {
            if (!resource.isAnnotatedWith(Path.class) || resource.isInterface()) {
                continue;
            }
            Class<?> type = resource.reflect();
            String base = join(applicationPath, type.getAnnotation(Path.class).value());
            for (Method method : type.getDeclaredMethods()) {
                if (method.isSynthetic()) {
                    continue;
                }
                String verb = httpMethod(method);
                Path path = method.getAnnotation(Path.class);
                if (verb == null && path != null) {
                    throw new AssertionError(method + " is a sub-resource locator, which this test cannot follow");
                }
                if (verb != null) {
                    operations.add(verb + " " + join(base, path == null ? "" : path.value()));
                }
            }
        }
        return operations;
    }

    private static String httpMethod(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            HttpMethod verb = annotation.annotationType().getAnnotation(HttpMethod.class);
            if (verb != null) {
                return verb.value();
            }
        }
        return null;
    }

    /** Joins JAX-RS path segments as the runtime does, with templates' regular expressions dropped. */
    private static String join(String base, String segment) {
        String joined = ("/" + base + "/" + segment).replaceAll("/+", "/");
        String trimmed = joined.length() > 1 && joined.endsWith("/") ? joined.substring(0, joined.length() - 1)
                : joined;
        return TEMPLATE_REGEX.matcher(trimmed).replaceAll("{$1}");
    }

    /** The fixed prefixes of the servlets' URL patterns ({@code /s/*} gives {@code /s/}). */
    private static Set<String> servletPathPrefixes() {
        Set<String> prefixes = new TreeSet<>();
        for (JavaClass servlet : classes) {
            if (servlet.isAnnotatedWith(WebServlet.class)) {
                WebServlet annotation = servlet.reflect().getAnnotation(WebServlet.class);
                for (String pattern : Stream.concat(Stream.of(annotation.urlPatterns()),
                        Stream.of(annotation.value())).toList()) {
                    prefixes.add(pattern.endsWith("*") ? pattern.substring(0, pattern.length() - 1) : pattern);
                }
            }
        }
        return prefixes;
    }

    private static JsonNode operation(String operation) {
        int space = operation.indexOf(' ');
        JsonNode found = document.path("paths").path(operation.substring(space + 1))
                .path(operation.substring(0, space).toLowerCase(Locale.ROOT));
        return found.isObject() ? found : null;
    }

    /** JSON request bodies and JSON success responses without an example. */
    private static List<String> missingExamples(String operation, JsonNode documented) {
        List<String> missing = new ArrayList<>();
        JsonNode body = resolve(documented.path("requestBody"));
        if (lacksJsonExample(body.path("content"))) {
            missing.add(operation + ": no example of the JSON request body");
        }
        for (String status : names(documented.path("responses"))) {
            if (status.startsWith("2")
                    && lacksJsonExample(resolve(documented.path("responses").path(status)).path("content"))) {
                missing.add(operation + ": no example of the JSON " + status + " response");
            }
        }
        return missing;
    }

    private static boolean lacksJsonExample(JsonNode content) {
        JsonNode json = content.path("application/json");
        return json.isObject() && !json.has("example") && !json.has("examples");
    }

    /** Every property, at any depth (nested objects, array items, compositions), needs a description. */
    private static void collectUndescribedProperties(String where, JsonNode schema, List<String> undescribed) {
        if (!schema.isObject()) {
            return;
        }
        for (Map.Entry<String, JsonNode> property : fields(schema.path("properties"))) {
            String name = where + "." + property.getKey();
            if (property.getValue().path("description").asText().isBlank()) {
                undescribed.add(name);
            }
            collectUndescribedProperties(name, property.getValue(), undescribed);
        }
        collectUndescribedProperties(where + "[]", schema.path("items"), undescribed);
        collectUndescribedProperties(where + "{}", schema.path("additionalProperties"), undescribed);
        for (String composition : List.of("allOf", "oneOf", "anyOf")) {
            int i = 0;
            for (JsonNode member : schema.path(composition)) {
                collectUndescribedProperties(where + "." + composition + "[" + i++ + "]", member, undescribed);
            }
        }
    }

    private static void collectDanglingReferences(String where, JsonNode node, List<String> dangling) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null && resolvePointer(ref.asText()) == null) {
                dangling.add(where + ": " + ref.asText());
            }
            for (Map.Entry<String, JsonNode> field : fields(node)) {
                collectDanglingReferences(where + "/" + field.getKey(), field.getValue(), dangling);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collectDanglingReferences(where + "/" + i, node.get(i), dangling);
            }
        }
    }

    /** A {@code $ref} object replaced by what it points to; anything else as it is. */
    private static JsonNode resolve(JsonNode node) {
        JsonNode ref = node.get("$ref");
        if (ref == null) {
            return node;
        }
        JsonNode target = resolvePointer(ref.asText());
        assertThat(target).as("target of " + ref.asText()).isNotNull();
        return resolve(target);
    }

    private static JsonNode resolvePointer(String ref) {
        if (!ref.startsWith("#/")) {
            return null;
        }
        JsonNode target = document.at(ref.substring(1));
        return target.isMissingNode() ? null : target;
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<Map.Entry<String, JsonNode>> fields(JsonNode object) {
        List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            fields.add(it.next());
        }
        return fields;
    }
}
