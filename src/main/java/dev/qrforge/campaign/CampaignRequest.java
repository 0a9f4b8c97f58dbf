package dev.qrforge.campaign;

/**
 * Body of {@code POST /api/v1/campaigns}.
 *
 * @param description null for none
 */
public record CampaignRequest(String name, String description) {
}
