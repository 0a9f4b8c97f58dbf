package dev.qrforge.campaign;

import dev.qrforge.api.Nullable;

/**
 * Body of {@code POST /api/v1/campaigns}.
 *
 * @param description null for none
 */
public record CampaignRequest(String name, @Nullable String description) {
}
