package dev.qrforge.security;

import dev.qrforge.api.Nullable;
import java.util.List;

/** Body of {@code POST /api/v1/api-keys}; {@code expiresAt} is text so a bad timestamp is reported by name. */
public record ApiKeyRequest(String name, @Nullable List<String> scopes, String expiresAt) {
}
