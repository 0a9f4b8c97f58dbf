package dev.qrforge.dynamic;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.qr.QrView;
import java.time.Instant;
import java.util.List;

/**
 * A dynamic code's record; {@code scanCount} is real time: stored plus not yet flushed. {@code passwordProtected}
 * says whether it has a password gate: the password is write-only, and its hash never leaves the server.
 * {@code domain} is the custom domain its short link is on, or null for the default domain; {@code campaign} the id
 * of the campaign it is filed in, or null.
 */
public record DynamicView(String id, String shortCode, @JsonInclude(JsonInclude.Include.ALWAYS) String domain,
        String shortUrl, String destinationUrl, String status,
        long scanCount, JsonNode rules, @JsonInclude(JsonInclude.Include.ALWAYS) Utm utm,
        @JsonInclude(JsonInclude.Include.ALWAYS) Instant validFrom,
        @JsonInclude(JsonInclude.Include.ALWAYS) Instant expiresAt,
        @JsonInclude(JsonInclude.Include.ALWAYS) Long maxScans,
        @JsonInclude(JsonInclude.Include.ALWAYS) String expiredUrl, boolean passwordProtected,
        @JsonInclude(JsonInclude.Include.ALWAYS) String title,
        List<String> tags, @JsonInclude(JsonInclude.Include.ALWAYS) String campaign, Instant createdAt,
        Instant updatedAt, QrView qr) {
}
