package dev.qrforge.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.qr.TemplateRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Merge patches refuse unknown fields as bound bodies do, whatever the value: null removes only what exists. */
class MergePatchTest {

    private static final ObjectMapper JSON = JsonConfig.build();

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void anUnknownFieldIsRefusedEvenAsNull() throws Exception {
        ApiException e = catchThrowableOfType(ApiException.class,
                () -> MergePatch.fields(json("{\"name\":\"x\",\"\":null}"), List.of("name", "description")));
        assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAMETER);
        assertThat(e.field()).isEmpty();
        assertThat(e.getMessage()).isEqualTo("unknown field ''; allowed: description, name");
    }

    @Test
    void aPatchInsideABodyNamesItsFieldsFromThere() throws Exception {
        ApiException e = catchThrowableOfType(ApiException.class,
                () -> MergePatch.fields(json("{\"title\":\"x\"}"), List.of("status"), "patch"));
        assertThat(e.field()).isEqualTo("patch.title");
    }

    @Test
    void aMergeChecksEveryDepthAgainstTheType() throws Exception {
        ObjectNode target = (ObjectNode) json("{\"name\":\"Brand\",\"design\":{\"logo\":\"logo_1\"}}");
        assertThat(catchThrowableOfType(ApiException.class,
                () -> MergePatch.merge(target, json("{\"\":null}"), TemplateRequest.class, "")).field()).isEmpty();
        ApiException nested = catchThrowableOfType(ApiException.class,
                () -> MergePatch.merge(target, json("{\"design\":{\"shadow\":null}}"), TemplateRequest.class, ""));
        assertThat(nested.field()).isEqualTo("design.shadow");
        assertThat(nested.getMessage()).startsWith("unknown field 'shadow'; allowed: ").contains("bodyStyle, ");
    }

    @Test
    void aMergeRemovesMergesAndReplaces() throws Exception {
        ObjectNode target = (ObjectNode) json("{\"name\":\"Brand\",\"design\":{\"logo\":\"logo_1\","
                + "\"foregroundColor\":\"#000000\"}}");
        MergePatch.merge(target, json("{\"name\":\"Red\",\"design\":{\"logo\":null,\"frame\":{\"text\":\"Menu\"}}}"),
                TemplateRequest.class, "");
        assertThat(target).isEqualTo(json("{\"name\":\"Red\",\"design\":{\"foregroundColor\":\"#000000\","
                + "\"frame\":{\"text\":\"Menu\"}}}"));
    }
}
