package dev.qrforge.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * One delivery of an event to a webhook, as its owner sees it.
 *
 * @param status        PENDING (waiting for its next attempt), DELIVERED (a 2xx answer) or FAILED (given up)
 * @param lastStatus    the HTTP status of the last attempt; null before the first or when no answer came
 * @param nextAttemptAt when a pending delivery is next tried; null once finished
 */
public record DeliveryView(String id, String type, String status, int attempts,
        @JsonInclude(JsonInclude.Include.ALWAYS) Integer lastStatus, String lastError,
        @JsonInclude(JsonInclude.Include.ALWAYS) Instant nextAttemptAt, Instant createdAt, Instant finishedAt) {
}
