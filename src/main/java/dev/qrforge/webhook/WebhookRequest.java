package dev.qrforge.webhook;

import dev.qrforge.api.Nullable;
import java.util.List;

/** The body of {@code POST /api/v1/webhooks}; without {@code events}, every event type. */
public record WebhookRequest(String url, @Nullable List<String> events, String description) {
}
