package dev.qrforge.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MemoryBudgetTest {

    private static final long MB = 1024 * 1024;

    @Test
    void settingsArePercentagesOfTheHeapOrSizes() {
        assertThat(MemoryBudget.parse("25%", 512 * MB)).isEqualTo(128 * MB);
        assertThat(MemoryBudget.parse(" 300MB ", 512 * MB)).isEqualTo(300 * MB);
        assertThat(MemoryBudget.parse("2gb", 512 * MB)).isEqualTo(2048 * MB);
        for (String bad : new String[] {"0%", "101%", "300", "1.5GB", "lots", ""}) {
            assertThatThrownBy(() -> MemoryBudget.parse(bad, 512 * MB)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void reservationsBeyondWhatIsFreeWaitThenGiveUp() throws InterruptedException {
        MemoryBudget budget = new MemoryBudget(10 * MB);
        MemoryBudget.Reservation first = budget.tryReserve(6 * MB, Duration.ZERO).orElseThrow();
        assertThat(budget.availableBytes()).isEqualTo(4 * MB);
        assertThat(budget.tryReserve(5 * MB, Duration.ofMillis(50))).isEmpty();
        first.close();
        first.close();
        assertThat(budget.availableBytes()).isEqualTo(10 * MB);
        assertThat(budget.tryReserve(5 * MB, Duration.ZERO)).isPresent();
    }

    @Test
    void aWaitingReservationIsGrantedWhenMemoryIsReleased() throws Exception {
        MemoryBudget budget = new MemoryBudget(10 * MB);
        MemoryBudget.Reservation held = budget.reserve(8 * MB);
        CompletableFuture<Optional<MemoryBudget.Reservation>> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                return budget.tryReserve(4 * MB, Duration.ofMinutes(1));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        held.close();
        assertThat(waiting.get(1, TimeUnit.MINUTES)).isPresent();
        assertThat(budget.availableBytes()).isEqualTo(6 * MB);
    }

    @Test
    void workLargerThanTheBudgetRunsAloneOnAllOfIt() throws InterruptedException {
        MemoryBudget budget = new MemoryBudget(10 * MB);
        MemoryBudget.Reservation huge = budget.reserve(50 * MB);
        assertThat(huge.bytes()).isEqualTo(10 * MB);
        assertThat(budget.availableBytes()).isZero();
        huge.close();
        assertThatThrownBy(() -> budget.reserve(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
