package dev.qrforge.webhook;

import java.time.Instant;
import java.util.List;

/** A webhook as clients see it: never its secret, except {@code secret} in the answer that created it. */
public record WebhookView(String id, String url, List<String> events, String description, Instant createdAt,
        String secret) {

    static WebhookView of(Webhook webhook, String secret) {
        return new WebhookView(webhook.id(), webhook.url(), webhook.events(), webhook.description(),
                webhook.createdAt(), secret);
    }
}
