package dev.qrforge.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RenderAdmissionTest {

    private static final long MB = 1024 * 1024;

    private final HeldReservations request = new HeldReservations();

    private RenderAdmission admission(String budget, int concurrency) {
        RenderAdmission admission = new RenderAdmission();
        admission.budgetSetting = budget;
        admission.largestSetting = "8MB";
        admission.concurrencySetting = Optional.of(concurrency);
        admission.waitMillis = 0;
        admission.held = request;
        admission.registry = new SimpleMeterRegistry();
        admission.size();
        return admission;
    }

    private static void assertBusy(ApiException e) {
        assertThat(e.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
        assertThat(e.code().status()).isEqualTo(503);
        assertThat(e.headers()).containsEntry("Retry-After", "1");
    }

    @Test
    void memoryStaysReservedUntilTheResponseIsWrittenAndARequestFindingNoneIs503() {
        RenderAdmission admission = admission("4MB", 2);
        assertThat(admission.forRequest(3 * MB, () -> "rendered")).isEqualTo("rendered");
        assertThat(admission.availableBytes()).isEqualTo(MB);

        assertThatThrownBy(() -> admission.forRequest(2 * MB, () -> "never"))
                .isInstanceOfSatisfying(ApiException.class, RenderAdmissionTest::assertBusy);
        assertThat(admission.rejected()).isEqualTo(1);

        // The first request's response has been written: its request context ends.
        request.release();
        assertThat(admission.availableBytes()).isEqualTo(4 * MB);
        assertThat(admission.forRequest(2 * MB, () -> "rendered")).isEqualTo("rendered");
    }

    @Test
    void aRequestFindingEverySlotTakenIs503() throws Exception {
        RenderAdmission admission = admission("100MB", 1);
        CountDownLatch rendering = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> admission.forRequest(MB, () -> {
            rendering.countDown();
            try {
                finish.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "first";
        }));
        assertThat(rendering.await(1, TimeUnit.MINUTES)).isTrue();
        assertThatThrownBy(() -> admission.forRequest(MB, () -> "second"))
                .isInstanceOfSatisfying(ApiException.class, RenderAdmissionTest::assertBusy);
        finish.countDown();
        assertThat(first.get(1, TimeUnit.MINUTES)).isEqualTo("first");
        assertThat(admission.forRequest(MB, () -> "third")).isEqualTo("third");
    }

    @Test
    void batchWorkWaitsAndReleasesEverythingWhenDone() throws InterruptedException {
        RenderAdmission admission = admission("4MB", 1);
        assertThat(admission.inBatch(3 * MB, () -> admission.availableBytes())).isEqualTo(MB);
        assertThat(admission.availableBytes()).isEqualTo(4 * MB);
    }

    @Test
    void workCostlierThanTheBudgetRunsAloneUpToTheLargestAndBeyondItIsRefused() throws InterruptedException {
        RenderAdmission admission = admission("4MB", 2);
        admission.requireFits(8 * MB, "size", "drawing this", "ask for less");
        assertThat(admission.forRequest(6 * MB, () -> admission.availableBytes())).isZero();
        assertThatThrownBy(() -> admission.forRequest(MB, () -> "beside it"))
                .isInstanceOfSatisfying(ApiException.class, RenderAdmissionTest::assertBusy);
        request.release();

        assertThatThrownBy(() -> admission.requireFits(8 * MB + 1, "size", "drawing this", "ask for less"))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE);
                    assertThat(e.field()).isEqualTo("size");
                    assertThat(e.getMessage()).isEqualTo("drawing this takes about 9 MB of memory, more than the"
                            + " largest render this server admits (8 MB of its heap); ask for less");
                });
        // The largest is never below the budget, whatever it is set to.
        RenderAdmission small = admission("16MB", 1);
        small.requireFits(16 * MB, "size", "drawing this", "ask for less");
    }
}
