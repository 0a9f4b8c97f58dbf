package dev.qrforge.campaign;

/**
 * A campaign is being deleted: fired, synchronously and in the deleting transaction, before its row goes, so that
 * whoever keeps codes in it takes them out (and records that) first.
 */
public record CampaignDeleted(String workspaceId, String campaignId) {
}
