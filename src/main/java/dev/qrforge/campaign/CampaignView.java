package dev.qrforge.campaign;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * A campaign as clients see it.
 *
 * @param codeCount the dynamic codes in it now, deleted ones left out
 */
public record CampaignView(String id, String name, @JsonInclude(JsonInclude.Include.ALWAYS) String description,
        long codeCount, Instant createdAt, Instant updatedAt) {
}
