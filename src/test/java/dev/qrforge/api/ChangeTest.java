package dev.qrforge.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChangeTest {

    @Test
    void anUpdateKeepsOnlyTheFieldsWhoseValuesDiffer() {
        Change change = Change.of("ws_1", Change.UPDATE, "thing", "th_1",
                Change.Fields.of().with("url", "https://a.example").with("tags", List.of("x")).with("title", null)
                        .with("rules", Map.of("if", 1)).with("at", Instant.parse("2026-11-26T10:00:00Z")),
                Change.Fields.of().with("url", "https://b.example").with("tags", List.of("x")).with("title", "T")
                        .with("rules", Map.of("if", 1)).with("at", Instant.parse("2026-11-26T10:00:00Z")));

        assertThat(change.before().toString()).isEqualTo("{\"url\":\"https://a.example\",\"title\":null}");
        assertThat(change.after().toString()).isEqualTo("{\"url\":\"https://b.example\",\"title\":\"T\"}");
        assertThat(change.changedAnything()).isTrue();
    }

    @Test
    void anUpdateThatChangesNothingIsNoChangeButACreationOrDeletionAlwaysIs() {
        Change.Fields same = Change.Fields.of().with("n", 3).with("list", List.of(1, 2));
        assertThat(Change.of("ws_1", Change.UPDATE, "thing", "th_1", same, Change.Fields.of().with("n", 3)
                .with("list", List.of(1, 2))).changedAnything()).isFalse();

        Change created = Change.created("ws_1", "thing", "th_1", Change.Fields.of().with("n", 3).with("gone", null));
        assertThat(created.before().toString()).isEqualTo("{}");
        assertThat(created.after().toString()).as("nulls say nothing about a new resource").isEqualTo("{\"n\":3}");
        Change deleted = Change.of("ws_1", Change.DELETE, "thing", "th_1", same, Change.Fields.NONE);
        assertThat(deleted.before().toString()).isEqualTo("{\"n\":3,\"list\":[1,2]}");
        assertThat(deleted.after().toString()).isEqualTo("{}");
        assertThat(Change.of("ws_1", Change.ERASE, "workspace", "ws_1", Change.Fields.NONE, Change.Fields.NONE)
                .changedAnything()).isTrue();
    }

    @Test
    void aSecretIsRecordedAsChangedOrPresentWithoutItsValue() {
        Change rotated = Change.of("ws_1", Change.UPDATE, "hook", "wh_1",
                Change.Fields.of().with("url", "https://a.example").secret("secret", "whsec_old"),
                Change.Fields.of().with("url", "https://a.example").secret("secret", "whsec_new"));
        assertThat(rotated.before().toString()).isEqualTo("{\"secret\":\"[redacted]\"}");
        assertThat(rotated.after().toString()).isEqualTo("{\"secret\":\"[redacted]\"}");

        Change kept = Change.of("ws_1", Change.UPDATE, "hook", "wh_1",
                Change.Fields.of().with("url", "https://a.example").secret("secret", "whsec_same"),
                Change.Fields.of().with("url", "https://b.example").secret("secret", "whsec_same"));
        assertThat(kept.before().toString() + kept.after()).doesNotContain("secret").doesNotContain("whsec");

        Change created = Change.created("ws_1", "key", "key_1", Change.Fields.of().with("name", "ci")
                .secret("key", "qrk_topsecret"));
        assertThat(created.after().toString()).isEqualTo("{\"name\":\"ci\",\"key\":\"[redacted]\"}");
    }
}
