package dev.qrforge.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.qr.QrRequest;
import org.junit.jupiter.api.Test;

/** The JSON binding and the error mapper together: what a client sends wrong comes back naming the field. */
class StrictJsonTest {

    private final ObjectMapper mapper = JsonConfig.build();

    private ApiException readError(String json) {
        Throwable thrown = catchThrowable(() -> mapper.readValue(json, QrRequest.class));
        assertThat(thrown).as(json).isNotNull();
        return ErrorMapper.translate(thrown);
    }

    @Test
    void wellFormedRequestBinds() throws Exception {
        QrRequest request = mapper.readValue("{\"data\":\"x\",\"size\":300,\"design\":{\"bodyStyle\":\"square\"}}",
                QrRequest.class);
        assertThat(request.size()).isEqualTo(300);
        assertThat(request.design().bodyStyle()).isEqualTo("square");
    }

    @Test
    void scalarsAreNeverCoerced() {
        assertThat(readError("{\"data\":\"x\",\"size\":\"300\"}")).satisfies(e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAMETER);
            assertThat(e.field()).isEqualTo("size");
            assertThat(e.getMessage()).isEqualTo("must be a number");
        });
        // size is any number (a length in mm may have decimals; the validator wants whole pixels), margin an integer.
        assertThat(readError("{\"data\":\"x\",\"margin\":4.5}").field()).isEqualTo("margin");
        assertThat(readError("{\"data\":true}").field()).isEqualTo("data");
        assertThat(readError("{\"data\":12}").field()).isEqualTo("data");
        assertThat(readError("{\"data\":\"x\",\"design\":{\"foregroundColor\":5}}").field())
                .isEqualTo("design.foregroundColor");
    }

    @Test
    void unknownFieldsAreNamedWithTheAllowedOnes() {
        ApiException e = readError("{\"data\":\"x\",\"design\":{\"shadow\":\"y\"}}");
        assertThat(e.field()).isEqualTo("design.shadow");
        assertThat(e.getMessage()).contains("unknown field 'shadow'").contains("bodyStyle");
    }

    @Test
    void brokenJsonIsInvalidJson() {
        for (String broken : new String[] {"{", "{\"data\":}", "nope", "{\"data\":\"x\"} {}", "[1]"}) {
            ApiException e = readError(broken);
            assertThat(e.code()).as(broken).isEqualTo(ErrorCode.INVALID_JSON);
            assertThat(e.field()).isNull();
        }
    }

    @Test
    void anythingUnforeseenIsAnInternalErrorWithoutDetails() {
        ApiException e = ErrorMapper.translate(new IllegalStateException("secret detail"));
        assertThat(e.code()).isEqualTo(ErrorCode.INTERNAL_ERROR);
        assertThat(e.getMessage()).doesNotContain("secret");
    }
}
