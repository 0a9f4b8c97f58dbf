package dev.qrforge.composite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorMapper;
import dev.qrforge.api.JsonConfig;
import org.junit.jupiter.api.Test;

/** The request binds with the API's strict mapper, {@code plate} in both of its spellings. */
class CompositeJsonTest {

    private final ObjectMapper mapper = JsonConfig.build();

    private CompositeRequest read(String json) throws Exception {
        return mapper.readValue(json, CompositeRequest.class);
    }

    private ApiException readError(String json) {
        Throwable thrown = catchThrowable(() -> read(json));
        assertThat(thrown).as(json).isNotNull();
        return ErrorMapper.translate(thrown);
    }

    @Test
    void fullRequestBinds() throws Exception {
        CompositeRequest request = read("""
                {"data": "x", "size": 200, "backgrounds": [{"image": "AAAA", "placement": {"position": "top-left",
                 "plate": {"color": "#ffeedd", "opacity": 0.5, "radius": 4}}}],
                 "placement": {"x": 1, "y": 2, "width": 150, "padding": 3, "plate": true}}""");
        assertThat(request.backgrounds()).singleElement().satisfies(background -> {
            assertThat(background.image()).isEqualTo("AAAA");
            assertThat(background.placement().plate()).isEqualTo(new PlateJson("#ffeedd", 0.5, 4));
        });
        assertThat(request.placement()).isEqualTo(new PlacementJson(null, 1, 2, 150, 3, PlateJson.DEFAULTS));
    }

    @Test
    void plateFalseIsNoPlateAndWholeOpacitiesAreNumbers() throws Exception {
        assertThat(read("{\"placement\": {\"plate\": false}}").placement().plate()).isNull();
        assertThat(read("{\"placement\": {\"plate\": {\"opacity\": 1}}}").placement().plate().opacity().doubleValue())
                .isEqualTo(1);
    }

    @Test
    void wrongShapesAndUnknownFieldsAreNamed() {
        ApiException quoted = readError("{\"placement\": {\"plate\": {\"opacity\": \"0.5\"}}}");
        assertThat(quoted.field()).isEqualTo("placement.plate.opacity");
        assertThat(quoted.getMessage()).isEqualTo("must be a number");
        assertThat(readError("{\"placement\": {\"plate\": \"yes\"}}").field()).isEqualTo("placement.plate");
        assertThat(readError("{\"backgrounds\": [{\"image\": \"A\", \"url\": \"http://x\"}]}").field())
                .isEqualTo("backgrounds[0].url");
        assertThat(readError("{\"placement\": {\"x\": 1.5}}").field()).isEqualTo("placement.x");
    }
}
