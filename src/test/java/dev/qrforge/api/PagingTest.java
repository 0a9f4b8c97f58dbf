package dev.qrforge.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class PagingTest {

    @Test
    void cursorRoundTripsToTheMicrosecond() {
        Cursor cursor = new Cursor(Instant.parse("2026-11-23T06:30:15.123456Z"), "qr_abc");
        assertThat(Cursor.decode(cursor.encode())).isEqualTo(cursor);
    }

    @Test
    void foreignCursorsAreTheCallersMistake() {
        for (String garbage : new String[] {"!!", "bm90IGEgY3Vyc29y", "MXwy"}) {
            assertThatThrownBy(() -> Cursor.decode(garbage)).isInstanceOfSatisfying(ApiException.class,
                    e -> assertThat(e.field()).isEqualTo("cursor"));
        }
    }

    @Test
    void limitDefaultsAndBounds() {
        assertThat(PageRequest.of(null, null).limit()).isEqualTo(50);
        assertThat(PageRequest.of("200", "").limit()).isEqualTo(200);
        for (String bad : new String[] {"0", "201", "ten", "1.5"}) {
            assertThatThrownBy(() -> PageRequest.of(bad, null)).isInstanceOfSatisfying(ApiException.class,
                    e -> assertThat(e.field()).isEqualTo("limit"));
        }
    }
}
