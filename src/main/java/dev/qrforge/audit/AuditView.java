package dev.qrforge.audit;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * One entry of {@code GET /api/v1/audit}.
 *
 * @param actor   the API key id ({@code key_…}) or {@code oidc:} and the token's subject
 * @param before  the changed fields as they were (empty for a creation)
 * @param after   the changed fields as they are (empty for a deletion)
 * @param address the client's address behind trusted proxies, null if unreadable
 */
public record AuditView(String id, Instant createdAt, String actor, String action, String resourceType,
        String resourceId, JsonNode before, JsonNode after, @JsonInclude(JsonInclude.Include.ALWAYS) String address,
        String requestId) {
}
