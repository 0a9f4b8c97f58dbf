package dev.qrforge.api;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;

/**
 * A position in a newest-first listing: the creation time and id of the last item seen. Opaque to clients
 * (base64url); stable under inserts, unlike an offset.
 */
public record Cursor(Instant createdAt, String id) {

    private static final String SEPARATOR = "|";

    public String encode() {
        String raw = createdAt.getEpochSecond() + SEPARATOR + createdAt.getNano() + SEPARATOR + id;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    /** Parses a cursor a client sent back; anything else is INVALID_PARAMETER on {@code cursor}. */
    public static Cursor decode(String token) {
        try {
            String[] parts = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8)
                    .split("\\" + SEPARATOR, 3);
            return new Cursor(Instant.ofEpochSecond(Long.parseLong(parts[0]), Long.parseLong(parts[1])), parts[2]);
        } catch (IllegalArgumentException | ArrayIndexOutOfBoundsException | java.time.DateTimeException e) {
            throw ApiException.invalid("cursor", "cursor is not one this API issued; pass nextCursor unchanged");
        }
    }
}
