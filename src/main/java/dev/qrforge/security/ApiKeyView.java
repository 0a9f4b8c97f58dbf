package dev.qrforge.security;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;

/** An API key as clients see it: never its secret, except {@code key} in the answer that created it. */
public record ApiKeyView(String id, String name, String prefix, List<String> scopes, Instant createdAt,
        @JsonInclude(JsonInclude.Include.ALWAYS) Instant expiresAt,
        @JsonInclude(JsonInclude.Include.ALWAYS) Instant lastUsedAt, String key) {

    static ApiKeyView of(ApiKey stored, String key) {
        return new ApiKeyView(stored.id(), stored.name(), stored.prefix(), stored.scopes().stream().sorted().toList(),
                stored.createdAt(), stored.expiresAt(), stored.lastUsedAt(), key);
    }
}
