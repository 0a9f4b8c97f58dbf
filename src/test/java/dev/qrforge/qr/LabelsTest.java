package dev.qrforge.qr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.ApiException;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class LabelsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void tagsAreKeptDistinctInTheirOrderAndStoredBetweenSeparators() {
        Labels labels = Labels.of("Spring flyer", List.of("print", "spring", "print"));
        assertThat(labels.tags()).containsExactly("print", "spring");
        assertThat(labels.storedTags()).isEqualTo("|print|spring|");
        assertThat(Labels.parseTags(labels.storedTags())).containsExactly("print", "spring");
        assertThat(Labels.of(null, null).storedTags()).isNull();
        assertThat(Labels.parseTags(null)).isEmpty();
    }

    @Test
    void badTitlesAndTagsAreRefusedByField() {
        assertThatThrownBy(() -> Labels.of("x".repeat(Labels.MAX_TITLE_LENGTH + 1), null))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("title"));
        assertThatThrownBy(() -> Labels.of(null, List.of("ok", "a|b")))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("tags[1]"));
        assertThatThrownBy(() -> Labels.of(null, List.of(" ")))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("tags[0]"));
        assertThatThrownBy(() -> Labels.of(null, Collections.nCopies(Labels.MAX_TAGS + 1, "t")))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("tags"));
    }

    @Test
    void aMergePatchSetsClearsOrKeepsEachLabel() throws Exception {
        Labels current = Labels.of("Old", List.of("a"));
        assertThat(LabelPatch.apply(current, JSON.readTree("{\"title\": \"New\"}")))
                .isEqualTo(new Labels("New", List.of("a")));
        assertThat(LabelPatch.apply(current, JSON.readTree("{\"title\": null, \"tags\": [\"b\", \"c\"]}")))
                .isEqualTo(new Labels(null, List.of("b", "c")));
        assertThat(LabelPatch.apply(current, JSON.readTree("{\"tags\": null}"))).isEqualTo(new Labels("Old", List.of()));
        assertThatThrownBy(() -> LabelPatch.apply(current, JSON.readTree("{\"data\": \"x\"}")))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("data"));
        assertThatThrownBy(() -> LabelPatch.apply(current, JSON.readTree("{\"tags\": [1]}")))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.field()).isEqualTo("tags[0]"));
    }
}
