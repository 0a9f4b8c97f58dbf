package dev.qrforge.security;

import java.util.List;

/** Body of {@code POST /api/v1/api-keys}; {@code expiresAt} is text so a bad timestamp is reported by name. */
public record ApiKeyRequest(String name, List<String> scopes, String expiresAt) {
}
