package dev.qrforge.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.client.ClientFacts;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/** The buffer's bookkeeping, against a store that records what it is given (the real one is covered by the ITs). */
class ScanBufferTest {

    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");

    /** Remembers every write; fails on demand, as a database that is briefly away would. */
    private static final class RecordingStore extends ScanStore {
        final List<ScanEvent> written = new ArrayList<>();
        final Map<String, Long> counts = new HashMap<>();
        boolean failing;

        @Override
        public void write(List<ScanEvent> events, Map<String, Long> deltas) {
            if (failing) {
                throw new IllegalStateException("database unavailable");
            }
            written.addAll(events);
            deltas.forEach((id, n) -> counts.merge(id, n, Long::sum));
        }
    }

    private final RecordingStore store = new RecordingStore();
    private final List<Runnable> scheduled = new ArrayList<>();

    private ScanBuffer buffer(int capacity) {
        return buffer(capacity, Optional.empty());
    }

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    private ScanBuffer buffer(int capacity, Optional<Integer> maxEvents) {
        ScanBuffer buffer = new ScanBuffer();
        buffer.store = store;
        buffer.clock = Clock.fixed(NOW, ZoneOffset.UTC);
        buffer.capacity = capacity;
        buffer.maxEventsSetting = maxEvents;
        buffer.executor = scheduled::add;
        buffer.registry = meters;
        buffer.bound();
        return buffer;
    }

    private static ScanEvent scan(String codeId, boolean bot) {
        return new ScanEvent(codeId, NOW,
                new ClientFacts(null, null, null, null, null, null, null, null, null, null, bot, null), null, null);
    }

    @Test
    void countsPeopleNotBotsAndMovesThemFromPendingToFlushed() {
        ScanBuffer buffer = buffer(100);
        buffer.record(scan("a", false));
        buffer.record(scan("a", false));
        buffer.record(scan("a", true));
        buffer.record(scan("b", false));
        assertThat(buffer.pending("a")).isEqualTo(2);

        buffer.flush();

        assertThat(store.written).hasSize(4);
        assertThat(store.counts).isEqualTo(Map.of("a", 2L, "b", 1L));
        assertThat(buffer.pending("a")).isZero();
        assertThat(buffer.flushed("a")).isEqualTo(2);
        assertThat(buffer.flushed("b")).isEqualTo(1);
    }

    /** Lost means exactly the scans whose details were shed: a failed write loses nothing by itself. */
    @Test
    void theMetersShowTheDepthEachWrittenBatchAndTheScansWhoseDetailsWereLost() {
        ScanBuffer buffer = buffer(3, Optional.of(4));
        buffer.record(scan("a", false));
        buffer.record(scan("a", true));
        assertThat(meters.get("qrforge.scan.buffer.depth").gauge().value()).isEqualTo(2);

        store.failing = true;
        buffer.flush();
        assertThat(meters.get("qrforge.scan.flush").tag("outcome", "failed").timer().count()).isEqualTo(1);
        assertThat(meters.get("qrforge.scan.details.lost").functionCounter().count()).isZero();
        for (int i = 0; i < 3; i++) {
            buffer.record(scan("b", false));
        }
        assertThat(meters.get("qrforge.scan.details.lost").functionCounter().count()).isEqualTo(1);

        store.failing = false;
        buffer.flush();
        assertThat(meters.get("qrforge.scan.buffer.depth").gauge().value()).isZero();
        assertThat(meters.get("qrforge.scan.flush").tag("outcome", "written").timer().count()).isEqualTo(2);
        assertThat(meters.get("qrforge.scan.flush.size").summary().totalAmount()).isEqualTo(4);
        assertThat(meters.get("qrforge.scan.details.lost").functionCounter().count()).isEqualTo(1);
    }

    @Test
    void aFailedWriteKeepsEverythingForTheNextFlush() {
        ScanBuffer buffer = buffer(100);
        buffer.record(scan("a", false));
        store.failing = true;
        buffer.flush();
        assertThat(buffer.pending("a")).isEqualTo(1);
        assertThat(buffer.flushed("a")).isZero();

        store.failing = false;
        buffer.flush();
        assertThat(store.counts).isEqualTo(Map.of("a", 1L));
        assertThat(buffer.pending("a")).isZero();
    }

    @Test
    void reachingCapacityAsksForOneEarlyFlushAndTwiceTheCapacityFlushesInline() {
        ScanBuffer buffer = buffer(3);
        for (int i = 0; i < 5; i++) {
            buffer.record(scan("a", false));
        }
        assertThat(scheduled).hasSize(1);
        assertThat(store.written).isEmpty();

        buffer.record(scan("a", false));
        assertThat(store.written).hasSize(6);
        assertThat(buffer.pending("a")).isZero();

        scheduled.get(0).run();
        assertThat(store.counts).isEqualTo(Map.of("a", 6L));
    }

    @Test
    void whileWritesFailScansAreNeverWrittenInlineAndPastTheBoundOnlyTheirDetailsAreDropped() {
        ScanBuffer buffer = buffer(3, Optional.of(5));
        buffer.record(scan("a", false));
        store.failing = true;
        buffer.flush();
        assertThat(buffer.failingSince()).hasValue(NOW);
        for (int i = 0; i < 6; i++) {
            buffer.record(scan(i % 2 == 0 ? "a" : "b", false));
        }
        buffer.record(scan("b", true));
        // Eight scans, seven counted; the three oldest gave up their details, the bot is among the kept ones.
        assertThat(buffer.bufferedEvents()).isEqualTo(5);
        assertThat(buffer.detailsLost()).isEqualTo(3);
        assertThat(buffer.pending("a")).isEqualTo(4);
        assertThat(buffer.pending("b")).isEqualTo(3);
        assertThat(buffer.unwrittenCounts()).isEqualTo(7);
        assertThat(scheduled).as("no early flush while writes fail").isEmpty();
        assertThat(store.written).isEmpty();

        store.failing = false;
        buffer.flush();
        assertThat(buffer.failingSince()).isEmpty();
        assertThat(store.written).hasSize(5);
        assertThat(store.counts).isEqualTo(Map.of("a", 4L, "b", 3L));
        assertThat(buffer.pending("a")).isZero();
        assertThat(buffer.flushed("b")).isEqualTo(3);
        assertThat(buffer.unwrittenCounts()).isZero();
    }

    @Test
    void forgettingCodesDropsTheirBufferedScansAndCountsShedOnesIncluded() {
        ScanBuffer buffer = buffer(10, Optional.of(10));
        store.failing = true;
        buffer.record(scan("a", false));
        buffer.flush();
        for (int i = 0; i < 12; i++) {
            buffer.record(scan(i % 2 == 0 ? "a" : "b", i == 11));
        }
        assertThat(buffer.detailsLost()).as("some of a's details were shed, their counts kept").isPositive();

        buffer.forget(List.of("a"));

        assertThat(buffer.pending("a")).isZero();
        assertThat(buffer.pending("b")).isEqualTo(5);
        store.failing = false;
        buffer.flush();
        assertThat(store.written).extracting(ScanEvent::codeId).containsOnly("b");
        assertThat(store.counts).isEqualTo(Map.of("b", 5L));
        assertThat(buffer.unwrittenCounts()).isZero();
    }

    @Test
    void aFailedFlushOfAFullBufferKeepsItWithinTheBoundAndItsCounts() {
        ScanBuffer buffer = buffer(4, Optional.of(4));
        for (int i = 0; i < 4; i++) {
            buffer.record(scan("a", false));
        }
        store.failing = true;
        buffer.flush();
        buffer.record(scan("a", false));
        buffer.flush();
        assertThat(buffer.bufferedEvents()).isLessThanOrEqualTo(4);
        assertThat(buffer.pending("a")).isEqualTo(5);

        store.failing = false;
        buffer.flush();
        assertThat(store.counts).isEqualTo(Map.of("a", 5L));
        assertThat(store.written).hasSize(5 - (int) buffer.detailsLost());
    }

    @Test
    void theBoundCannotBeBelowTheCapacity() {
        assertThatThrownBy(() -> buffer(10, Optional.of(9))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("QRFORGE_SCAN_BUFFER_MAX_EVENTS");
    }
}
