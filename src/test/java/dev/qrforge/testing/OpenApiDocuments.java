package dev.qrforge.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.JsonMetaSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import com.networknt.schema.oas.OpenApi31;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The OpenAPI document: its source, META-INF/openapi.yaml, and what a standard parser says of any copy of it. */
public final class OpenApiDocuments {

    /** The document's source on the class path, the file /openapi serves. */
    public static final String SOURCE = "META-INF/openapi.yaml";

    /** Reads YAML and JSON alike (JSON is YAML), into the same trees Jackson reads JSON into. */
    public static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private static final JsonMetaSchema DIALECT = OpenApi31.getInstance();
    private static final JsonSchemaFactory SCHEMAS = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012,
            builder -> builder.metaSchema(DIALECT).defaultMetaSchemaIri(DIALECT.getIri()));
    private static final SchemaValidatorsConfig CONFIG = SchemaValidatorsConfig.builder()
            .formatAssertionsEnabled(true).build();

    private OpenApiDocuments() {
    }

    public static String sourceText() {
        try (InputStream yaml = OpenApiDocuments.class.getClassLoader().getResourceAsStream(SOURCE)) {
            if (yaml == null) {
                throw new AssertionError(SOURCE + " is not on the class path");
            }
            return new String(yaml.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static JsonNode source() {
        return tree(sourceText());
    }

    public static JsonNode tree(String yamlOrJson) {
        try {
            return YAML.readTree(yamlOrJson);
        } catch (IOException e) {
            throw new AssertionError("neither YAML nor JSON: " + e.getMessage(), e);
        }
    }

    /**
     * What is wrong with {@code value} by the schema at {@code schema}, a JSON pointer into the document; empty when
     * nothing is. Schemas are read as OpenAPI 3.1 reads them (JSON Schema 2020-12 with the OpenAPI vocabulary),
     * formats asserted, references resolved within the document.
     */
    public static List<String> violations(String schema, JsonNode value) {
        return SCHEMAS.getSchema(SchemaLocation.of("classpath:" + SOURCE + "#" + schema), CONFIG).validate(value)
                .stream().map(ValidationMessage::getMessage).toList();
    }

    /**
     * swagger-parser's messages on a document, its references resolved: every deviation from the OpenAPI
     * specification it finds (unknown or misplaced fields, missing required ones, wrong types, dangling references).
     * Empty for a valid document.
     */
    public static List<String> lint(String yamlOrJson) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(yamlOrJson, null, options);
        if (result.getOpenAPI() == null && result.getMessages().isEmpty()) {
            return List.of("swagger-parser read no document and said nothing");
        }
        return result.getMessages();
    }
}
