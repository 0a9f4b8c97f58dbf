package dev.qrforge.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.JsonConfig;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A template is the base of a request's design; what the request gives overrides it, field by field. */
class TemplateReaderTest {

    private static final DesignJson BRAND = design("""
            {"bodyStyle": "dots", "foregroundColor": "#1a237e", "eyeFrameStyle": "rounded",
             "logo": "sha256:%s", "logoSize": 0.25,
             "frame": {"style": "banner-bottom", "text": "Scan me", "frameColor": "#1a237e"}}
            """.formatted("a".repeat(64)));

    private final List<String> lookups = new ArrayList<>();
    private final TemplateReader templates = new TemplateReader(id -> {
        lookups.add(id);
        return Optional.ofNullable(Map.of("tpl_brand", BRAND).get(id));
    });

    static DesignJson design(String json) {
        try {
            return JsonConfig.build().readValue(json, DesignJson.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void withoutATemplateTheRequestsDesignIsUsedAsItIs() {
        DesignJson given = design("{\"bodyStyle\": \"blobs\"}");
        assertThat(templates.design(null, given, "template")).isSameAs(given);
        assertThat(templates.design(null, null, "template")).isNull();
        assertThat(lookups).isEmpty();
    }

    @Test
    void theTemplateAloneIsTheDesign() {
        assertThat(templates.design("tpl_brand", null, "template")).isEqualTo(BRAND);
    }

    @Test
    void eachFieldTheRequestGivesOverridesTheTemplatesAndTheFrameMergesFieldByField() {
        DesignJson merged = templates.design("tpl_brand", design("""
                {"foregroundColor": "#b71c1c", "frame": {"text": "Menu"}}
                """), "template");
        assertThat(merged.foregroundColor()).isEqualTo("#b71c1c");
        assertThat(merged.bodyStyle()).isEqualTo("dots");
        assertThat(merged.eyeFrameStyle()).isEqualTo("rounded");
        assertThat(merged.logo()).isEqualTo(BRAND.logo());
        assertThat(merged.logoSize()).isEqualTo(0.25);
        assertThat(merged.frame()).isEqualTo(new DesignJson.FrameJson("banner-bottom", "Menu", null, "#1a237e"));
    }

    @Test
    void aRequestResolvesIntoOneWithTheMergedDesignAndNoTemplate() {
        QrRequest request = new QrRequest("https://example.com", "png", 400, null, null,
                design("{\"bodyStyle\": \"square\"}"), "Menu", List.of("print"), null, null, null, null, "tpl_brand");
        QrRequest resolved = templates.resolve(request);
        assertThat(resolved.template()).isNull();
        assertThat(resolved.design().bodyStyle()).isEqualTo("square");
        assertThat(resolved.design().foregroundColor()).isEqualTo("#1a237e");
        assertThat(resolved).usingRecursiveComparison().ignoringFields("design", "template").isEqualTo(request);
    }

    @Test
    void anUnknownTemplateIsABadRequestOnTheFieldThatNamesIt() {
        assertThatThrownBy(() -> templates.design("tpl_other", null, "items[3].template"))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.field()).isEqualTo("items[3].template");
                    assertThat(e.getMessage()).contains("tpl_other");
                });
    }

    @Test
    void eachTemplateIsReadOncePerRequest() {
        for (int i = 0; i < 3; i++) {
            templates.design("tpl_brand", null, "items[" + i + "].template");
        }
        assertThat(lookups).containsExactly("tpl_brand");
    }

    @Test
    void aPlacedCodeTakesNeitherTheTemplatesBackgroundNorItsFrame() {
        DesignJson placed = templates.design("tpl_brand", null, "template", DesignJson::withoutBackdrop);
        assertThat(placed.frame()).isNull();
        assertThat(placed.backgroundColor()).isNull();
        assertThat(placed.bodyStyle()).isEqualTo("dots");
    }
}
