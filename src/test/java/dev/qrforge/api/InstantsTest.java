package dev.qrforge.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InstantsTest {

    @Test
    void readsRfc3339AsItIsWritten() {
        assertThat(Instants.parse("from", "2026-11-01T00:00:00Z")).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
        assertThat(Instants.parse("from", "2026-11-01t00:00:00.123456z"))
                .isEqualTo(Instant.parse("2026-11-01T00:00:00.123456Z"));
        assertThat(Instants.parse("from", "2026-11-01T01:30:00+01:30")).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
        // Java's own parsers stop at ±18:00; RFC 3339 goes to ±23:59.
        assertThat(Instants.parse("createdTo", "2026-05-04T22:34:48-23:22"))
                .isEqualTo(Instant.parse("2026-05-05T21:56:48Z"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "2026-11-01", "2026-11-01T00:00Z", "2026-13-01T00:00:00Z", "2026-11-01T00:00:00+24:00",
            "2026-11-01T00:00:00+01:60", "soon"})
    void refusesWhatIsNotRfc3339(String value) {
        assertThatThrownBy(() -> Instants.parse("from", value)).isInstanceOf(ApiException.class)
                .hasMessageContaining("RFC 3339").extracting(e -> ((ApiException) e).field()).isEqualTo("from");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0307-01-24T00:00:00Z", "1999-12-31T23:59:59Z", "9999-01-01T00:00:00Z",
            "9999-12-31T23:59:59Z"})
    void refusesWhatIsOutsideTheSupportedRange(String value) {
        assertThatThrownBy(() -> Instants.parse("to", value)).isInstanceOf(ApiException.class)
                .hasMessageContaining("2000-01-01T00:00:00Z");
    }

    /** Why the range: inside it, every zone's offset is whole minutes and every local year has four digits. */
    @Test
    void everyZoneWritesRfc3339InsideTheRange() {
        for (String id : ZoneId.getAvailableZoneIds()) {
            ZoneId zone = ZoneId.of(id);
            for (Instant edge : new Instant[] {Instants.EARLIEST, Instants.END.minusNanos(1)}) {
                String written = DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(edge.atZone(zone));
                assertThat(written).as(id).matches("\\d{4}-\\d{2}-\\d{2}T[0-9:.]+(Z|[+-]\\d{2}:\\d{2})");
            }
        }
    }
}
