package dev.qrforge.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.OpenApiDocuments;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every example of the document is valid against the schema it illustrates: request and response bodies,
 * parameters, headers, and the examples of schemas and their properties. Users copy examples, and validating proxies
 * and mock servers serve them; one that contradicts its schema is a bug in one of the two. Schemas are read as
 * {@link OpenApiDocuments#violations} reads them.
 */
class OpenApiExamplesTest {

    private static final List<String> SUBSCHEMA_LISTS = List.of("allOf", "anyOf", "oneOf", "prefixItems");
    private static final List<String> SUBSCHEMAS = List.of("items", "additionalProperties", "not", "contains");

    /** One example, where it stands and where the schema it must satisfy stands (JSON pointers into the document). */
    private record Example(String where, String schema, JsonNode value) {
    }

    private static JsonNode document;
    private static List<Example> examples;

    @BeforeAll
    static void collect() {
        document = OpenApiDocuments.source();
        examples = new ArrayList<>();
        for (Map.Entry<String, JsonNode> field : fields(document)) {
            if (!field.getKey().equals("components")) {
                collectFromObjects("/" + escape(field.getKey()), field.getValue());
            }
        }
        for (Map.Entry<String, JsonNode> component : fields(document.path("components"))) {
            String where = "/components/" + component.getKey();
            if (component.getKey().equals("schemas")) {
                for (Map.Entry<String, JsonNode> schema : fields(component.getValue())) {
                    collectFromSchema(where + "/" + escape(schema.getKey()), schema.getValue());
                }
            } else {
                collectFromObjects(where, component.getValue());
            }
        }
    }

    @Test
    void everyExampleIsValidAgainstItsSchema() {
        List<String> invalid = new ArrayList<>();
        for (Example example : examples) {
            for (String violation : OpenApiDocuments.violations(example.schema(), example.value())) {
                invalid.add(example.where() + ": " + violation);
            }
        }
        assertThat(invalid).as("examples that contradict their schemas").isEmpty();
    }

    @Test
    void theExamplesOfEveryKindAreFound() {
        // Guards the guard: were the walk to miss a kind of example, the check above would pass it vacuously.
        assertThat(examples).extracting(Example::where).contains(
                "/paths/~1api~1v1~1qr/post/requestBody/content/application~1json/examples/minimal",
                "/paths/~1api~1v1~1qr~1{id}~1analytics/get/responses/200/content/application~1json/example",
                "/paths/~1api~1v1~1qr/get/parameters/2/example",
                "/components/parameters/Limit/example",
                "/components/headers/RetryAfter/example",
                "/components/responses/BadRequest/content/application~1json/examples/invalidJson",
                "/components/schemas/Error/example",
                "/components/schemas/Design/properties/foregroundColor/example",
                "/components/schemas/Conditions/properties/country/example");
    }

    @Test
    void anExampleThatContradictsItsSchemaIsReported() {
        JsonNode named = OpenApiDocuments.tree("{\"rule\": \"A/B\", \"destinationUrl\": \"https://example.com/a\","
                + " \"scans\": 1, \"uniqueScans\": 1}");
        assertThat(OpenApiDocuments.violations("/components/schemas/DestinationCount", named))
                .anySatisfy(message -> assertThat(message).contains("rule"));
    }

    /**
     * Media types, parameters and headers, at any depth: each object with a {@code schema} has its {@code example}
     * and {@code examples} checked against it, and the schema is searched for examples of its own.
     */
    private static void collectFromObjects(String where, JsonNode node) {
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collectFromObjects(where + "/" + i, node.get(i));
            }
            return;
        }
        if (!node.isObject()) {
            return;
        }
        JsonNode schema = node.get("schema");
        if (schema != null && schema.isObject()) {
            addExamplesOf(where, node);
            collectFromSchema(where + "/schema", schema);
        }
        for (Map.Entry<String, JsonNode> field : fields(node)) {
            if (!List.of("schema", "example", "examples").contains(field.getKey())) {
                collectFromObjects(where + "/" + escape(field.getKey()), field.getValue());
            }
        }
    }

    private static void addExamplesOf(String where, JsonNode holder) {
        String schema = where + "/schema";
        if (holder.has("example")) {
            examples.add(new Example(where + "/example", schema, holder.get("example")));
        }
        for (Map.Entry<String, JsonNode> named : fields(holder.path("examples"))) {
            JsonNode example = named.getValue();
            if (example.has("$ref")) {
                example = document.at(example.get("$ref").asText().substring(1));
            }
            assertThat(example.has("value")).as(where + "/examples/" + named.getKey() + " has a value").isTrue();
            examples.add(new Example(where + "/examples/" + escape(named.getKey()), schema, example.get("value")));
        }
    }

    /** A schema's own {@code example} and {@code examples}, and those of its subschemas. */
    private static void collectFromSchema(String where, JsonNode schema) {
        if (!schema.isObject()) {
            return;
        }
        if (schema.has("example")) {
            examples.add(new Example(where + "/example", where, schema.get("example")));
        }
        JsonNode list = schema.path("examples");
        for (int i = 0; i < list.size(); i++) {
            examples.add(new Example(where + "/examples/" + i, where, list.get(i)));
        }
        for (Map.Entry<String, JsonNode> property : fields(schema.path("properties"))) {
            collectFromSchema(where + "/properties/" + escape(property.getKey()), property.getValue());
        }
        for (String keyword : SUBSCHEMAS) {
            collectFromSchema(where + "/" + keyword, schema.path(keyword));
        }
        for (String keyword : SUBSCHEMA_LISTS) {
            for (int i = 0; i < schema.path(keyword).size(); i++) {
                collectFromSchema(where + "/" + keyword + "/" + i, schema.path(keyword).get(i));
            }
        }
    }

    /** A name as a JSON pointer token (RFC 6901). */
    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }

    private static List<Map.Entry<String, JsonNode>> fields(JsonNode node) {
        List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            fields.add(it.next());
        }
        return fields;
    }
}
