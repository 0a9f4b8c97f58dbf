package dev.qrforge.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.bulk.BulkRequest;
import dev.qrforge.bulk.DynamicBulkChanges;
import dev.qrforge.bulk.DynamicBulkRequest;
import dev.qrforge.campaign.CampaignRequest;
import dev.qrforge.composite.CompositeRequest;
import dev.qrforge.content.Content;
import dev.qrforge.content.VcardContent;
import dev.qrforge.domain.DomainRequest;
import dev.qrforge.dynamic.DynamicCodes;
import dev.qrforge.dynamic.DynamicRequest;
import dev.qrforge.qr.DesignJson;
import dev.qrforge.qr.QrRequest;
import dev.qrforge.qr.TemplateRequest;
import dev.qrforge.security.ApiKeyRequest;
import dev.qrforge.testing.OpenApiDocuments;
import dev.qrforge.webhook.WebhookRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The null rule, code against document: every member of a request body that the server binds takes {@code null}
 * exactly where the OpenAPI document types it nullable ({@code [x, "null"]}). Each member is bound alone as
 * {@code {"member": null}} with the API's mapper, so whatever decides it ({@link Nullable}, {@link NullRule}) is
 * what is tested.
 */
class NullableMembersTest {

    /** The schemas of the bound bodies and of what they hold, with the types the server binds them to. */
    private static final Map<String, Class<?>> BOUND = Map.ofEntries(
            Map.entry("QrRequest", QrRequest.class),
            Map.entry("Design", DesignJson.class),
            Map.entry("Eyes", DesignJson.EyesJson.class),
            Map.entry("Eye", DesignJson.EyeJson.class),
            Map.entry("Frame", DesignJson.FrameJson.class),
            Map.entry("VcardPhone", VcardContent.Phone.class),
            Map.entry("PostalAddress", VcardContent.PostalAddress.class),
            Map.entry("TemplateRequest", TemplateRequest.class),
            Map.entry("DynamicRequest", DynamicRequest.class),
            Map.entry("Rule", type("dev.qrforge.dynamic.RuleJson")),
            Map.entry("Conditions", type("dev.qrforge.dynamic.ConditionsJson")),
            Map.entry("SplitArm", type("dev.qrforge.dynamic.SplitJson")),
            Map.entry("Utm", type("dev.qrforge.dynamic.Utm")),
            Map.entry("CampaignRequest", CampaignRequest.class),
            Map.entry("BulkRequest", BulkRequest.class),
            Map.entry("BulkDefaults", BulkRequest.Defaults.class),
            Map.entry("BulkItem", BulkRequest.Item.class),
            Map.entry("DynamicBulkRequest", DynamicBulkRequest.class),
            // An item is bound as the single POST's body once BulkValidator has taken its filename off.
            Map.entry("DynamicBulkItem", DynamicRequest.class),
            Map.entry("DynamicBulkChange", DynamicBulkChanges.Request.class),
            Map.entry("DynamicBulkFilter", DynamicCodes.Listing.class),
            Map.entry("CompositeRequest", CompositeRequest.class),
            Map.entry("Background", type("dev.qrforge.composite.BackgroundJson")),
            Map.entry("Placement", type("dev.qrforge.composite.PlacementJson")),
            Map.entry("Plate", type("dev.qrforge.composite.PlateJson")),
            Map.entry("ApiKeyRequest", ApiKeyRequest.class),
            Map.entry("WebhookRequest", WebhookRequest.class),
            Map.entry("DomainRequest", DomainRequest.class));

    /** Merge patches, read as trees member by member: there null clears what the document types nullable. */
    private static final Set<String> PATCHES = Set.of("DynamicBulkPatch");

    /** Members read by hand before binding, each refusing null as the binding would. */
    private static final Set<String> BY_HAND = Set.of("DynamicBulkItem.filename");

    private static final ObjectMapper JSON = JsonConfig.build();
    private static JsonNode schemas;

    @BeforeAll
    static void load() {
        schemas = OpenApiDocuments.source().path("components").path("schemas");
    }

    @Test
    void everyBoundMemberTakesNullExactlyWhereTheDocumentSaysNullable() {
        List<String> disagreements = new ArrayList<>();
        for (String schema : requestSchemas()) {
            if (PATCHES.contains(schema)) {
                continue;
            }
            for (Map.Entry<String, JsonNode> member : properties(schema).entrySet()) {
                String name = schema + "." + member.getKey();
                if (BY_HAND.contains(name) || isTypeId(schema, member.getKey())) {
                    continue;
                }
                boolean documented = nullable(member.getValue());
                boolean accepted = acceptsNull(schema, member.getKey());
                if (documented != accepted) {
                    disagreements.add(name + (documented ? ": the document says nullable, the server refuses null"
                            : ": the server accepts null, the document does not"));
                }
            }
        }
        assertThat(disagreements).isEmpty();
    }

    @Test
    void everySchemaOfARequestBodyIsKnownHere() {
        Set<String> unknown = new TreeSet<>(requestSchemas());
        unknown.removeAll(BOUND.keySet());
        unknown.removeAll(PATCHES);
        unknown.removeIf(NullableMembersTest::isContent);
        // A schema of a single value (TagText, a string with its pattern) has no members to bind.
        unknown.removeIf(name -> !schemas.path(name).has("properties"));
        assertThat(unknown).as("request schemas this test does not bind").isEmpty();
    }

    /** Every schema reachable from a JSON POST body (PATCH bodies are merge patches, with their own rule). */
    private static Set<String> requestSchemas() {
        Set<String> found = new TreeSet<>();
        OpenApiDocuments.source().path("paths").forEach(path -> {
            JsonNode body = path.path("post").path("requestBody").path("content").path("application/json");
            if (!body.isMissingNode()) {
                collect(body.path("schema"), found);
            }
        });
        collect(OpenApiDocuments.source().path("paths").path("/api/v1/dynamic/bulk").path("patch")
                .path("requestBody").path("content").path("application/json").path("schema"), found);
        return found;
    }

    private static void collect(JsonNode node, Set<String> found) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null) {
                String name = ref.asText().substring(ref.asText().lastIndexOf('/') + 1);
                if (found.add(name)) {
                    collect(schemas.path(name), found);
                }
            }
            node.forEach(child -> collect(child, found));
        } else if (node.isArray()) {
            node.forEach(child -> collect(child, found));
        }
    }

    private static Map<String, JsonNode> properties(String schema) {
        Map<String, JsonNode> properties = new java.util.TreeMap<>();
        schemas.path(schema).path("properties").fields().forEachRemaining(e -> properties.put(e.getKey(), e.getValue()));
        return properties;
    }

    private static boolean nullable(JsonNode property) {
        for (JsonNode type : property.path("type")) {
            if (type.asText().equals("null")) {
                return true;
            }
        }
        for (String choice : new String[] {"oneOf", "anyOf"}) {
            for (JsonNode option : property.path(choice)) {
                if (option.path("type").asText().equals("null")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A typed content's subtype ({@code UrlContent}), bound through {@link Content} by its {@code type}. */
    private static boolean isContent(String schema) {
        return schema.equals("Content") || contentType(schema) != null;
    }

    private static String contentType(String schema) {
        for (Map.Entry<String, JsonNode> mapping : iterable(schemas.path("Content").path("discriminator")
                .path("mapping"))) {
            if (mapping.getValue().asText().endsWith("/" + schema)) {
                return mapping.getKey();
            }
        }
        return null;
    }

    private static boolean isTypeId(String schema, String member) {
        return contentType(schema) != null && member.equals("type");
    }

    private static boolean acceptsNull(String schema, String member) {
        ObjectNode body = JSON.createObjectNode();
        Class<?> type = BOUND.get(schema);
        String contentType = contentType(schema);
        if (contentType != null) {
            body.put("type", contentType);
            type = Content.class;
        }
        body.putNull(member);
        try {
            JSON.treeToValue(body, type);
            return true;
        } catch (InvalidNullException refused) {
            return false;
        } catch (Exception otherwise) {
            // Refused for something else (a rule's checks in its constructor): the null itself got through.
            return true;
        }
    }

    private static Iterable<Map.Entry<String, JsonNode>> iterable(JsonNode object) {
        return object::fields;
    }

    private static Class<?> type(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(name, e);
        }
    }
}
