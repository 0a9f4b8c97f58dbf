package dev.qrforge.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.bulk.BulkRequest;
import dev.qrforge.bulk.DynamicBulkChanges;
import dev.qrforge.campaign.CampaignRequest;
import dev.qrforge.qr.QrRequest;
import dev.qrforge.qr.TemplateRequest;
import dev.qrforge.security.ApiKeyRequest;
import org.junit.jupiter.api.Test;

/**
 * The null rule for bound bodies (docs/api.md, "Null and unknown fields"): null only where the member is
 * {@link Nullable}, anywhere else a 400 naming the member's path. Issue 36 found these four accepting null.
 */
class NullRuleTest {

    private final ObjectMapper mapper = JsonConfig.build();

    private ApiException refused(String json, Class<?> type) {
        Throwable thrown = catchThrowable(() -> mapper.readValue(json, type));
        assertThat(thrown).as(json).isNotNull();
        ApiException error = ErrorMapper.translate(thrown);
        assertThat(error.code()).as(json).isEqualTo(ErrorCode.INVALID_PARAMETER);
        return error;
    }

    @Test
    void anApiKeysExpiryCannotBeNull() {
        ApiException e = refused("{\"name\":\"till\",\"expiresAt\":null}", ApiKeyRequest.class);
        assertThat(e.field()).isEqualTo("expiresAt");
        assertThat(e.getMessage()).isEqualTo("cannot be null; leave it out for the default");
    }

    /** A typed content whose "type" comes last is read from a replay of its members: null is refused there too. */
    @Test
    void aNullInTypedContentIsRefusedWhereverTheTypeStands() {
        String epc = "{\"information\":null,\"iban\":\"DE89370400440532013000\",\"name\":\"x\",\"type\":\"epc\"}";
        assertThat(refused("{\"items\":[{\"content\":" + epc + "}]}", BulkRequest.class).field())
                .isEqualTo("items[0].content.information");
    }

    @Test
    void bulkDefaultsCannotBeNull() {
        assertThat(refused("{\"defaults\":null,\"items\":[{\"data\":\"x\"}]}", BulkRequest.class).field())
                .isEqualTo("defaults");
    }

    @Test
    void aTemplatesLogoCannotBeNull() {
        assertThat(refused("{\"name\":\"Brand\",\"design\":{\"logo\":null}}", TemplateRequest.class).field())
                .isEqualTo("design.logo");
    }

    @Test
    void aBulkChangesSelectionCannotBeNull() {
        assertThat(refused("{\"ids\":null,\"filter\":{\"tag\":\"x\"},\"patch\":{\"status\":\"paused\"}}",
                DynamicBulkChanges.Request.class).field()).isEqualTo("ids");
        assertThat(refused("{\"ids\":[\"dyn_1\"],\"filter\":null,\"patch\":{\"status\":\"paused\"}}",
                DynamicBulkChanges.Request.class).field()).isEqualTo("filter");
    }

    @Test
    void nestedNullsAndNullsInListsAreNamedByTheirPath() {
        assertThat(refused("{\"data\":\"x\",\"design\":{\"eyes\":{\"topLeft\":{\"ballColor\":null}}}}",
                QrRequest.class).field()).isEqualTo("design.eyes.topLeft.ballColor");
        assertThat(refused("{\"data\":\"x\",\"tags\":[\"a\",null]}", QrRequest.class).field()).isEqualTo("tags[1]");
        assertThat(refused("{\"data\":null}", QrRequest.class).field()).isEqualTo("data");
    }

    @Test
    void membersTheDocumentTypesNullableTakeNullAsAbsent() throws Exception {
        assertThat(mapper.readValue("{\"name\":\"till\",\"scopes\":null}", ApiKeyRequest.class).scopes()).isNull();
        assertThat(mapper.readValue("{\"name\":\"Spring\",\"description\":null}", CampaignRequest.class)
                .description()).isNull();
    }
}
