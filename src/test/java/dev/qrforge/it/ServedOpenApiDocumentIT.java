package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.OpenApiDocuments;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * /openapi serves META-INF/openapi.yaml exactly, in YAML and in JSON: nothing added (WildFly's host-wide merge once
 * added "servers: []" and empty objects), nothing dropped ("security: []", requestBody "required"), and a standard
 * parser finds nothing to report in what is served. Read without credentials, as the document is public.
 */
@DatabaseIndependent
class ServedOpenApiDocumentIT extends ServerTest {

    @Test
    void theYamlServedIsTheSource() {
        Api.Reply reply = fetch("/openapi");
        assertThat(reply.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).contains("yaml"));
        assertThat(differences("", OpenApiDocuments.source(), OpenApiDocuments.tree(reply.text())))
                .as("where the YAML served differs from " + OpenApiDocuments.SOURCE).isEmpty();
    }

    @Test
    void theJsonServedIsTheSource() throws IOException {
        Api.Reply reply = fetch("/openapi?format=JSON");
        assertThat(reply.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).contains("json"));
        assertThat(differences("", OpenApiDocuments.source(), Api.JSON.readTree(reply.bytes())))
                .as("where the JSON served differs from " + OpenApiDocuments.SOURCE).isEmpty();
    }

    @Test
    void aStandardParserFindsNothingToReportInWhatIsServed() {
        assertThat(OpenApiDocuments.lint(fetch("/openapi?format=JSON").text())).as("swagger-parser's messages")
                .isEmpty();
    }

    private static Api.Reply fetch(String path) {
        Api.Reply reply = Api.send(HttpRequest.newBuilder(URI.create(Api.BASE_URL + path)).GET());
        assertThat(reply.status()).as(path).isEqualTo(200);
        return reply;
    }

    /** Every place (a JSON pointer) where {@code served} adds to, drops from or changes {@code source}. */
    private static List<String> differences(String where, JsonNode source, JsonNode served) {
        List<String> differences = new ArrayList<>();
        if (source.isObject() && served.isObject()) {
            TreeSet<String> names = new TreeSet<>();
            source.fieldNames().forEachRemaining(names::add);
            served.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                String at = where + "/" + name.replace("~", "~0").replace("/", "~1");
                if (!served.has(name)) {
                    differences.add("dropped " + at);
                } else if (!source.has(name)) {
                    differences.add("added " + at + ": " + served.get(name));
                } else {
                    differences.addAll(differences(at, source.get(name), served.get(name)));
                }
            }
        } else if (source.isArray() && served.isArray() && source.size() == served.size()) {
            Iterator<JsonNode> servedItems = served.elements();
            int i = 0;
            for (JsonNode item : source) {
                differences.addAll(differences(where + "/" + i++, item, servedItems.next()));
            }
        } else if (!source.equals(served)) {
            differences.add("changed " + where + ": " + source + " became " + served);
        }
        return differences;
    }
}
