package dev.qrforge.campaign;

import java.util.Collection;
import java.util.Map;

/**
 * How many codes campaigns hold, told by the feature that puts codes in them ({@code dynamic}, a layer above, which
 * this package may not name).
 */
public interface CampaignCodes {

    /** The number of the workspace's live codes in each of {@code campaignIds}; a campaign without codes may be absent. */
    Map<String, Long> counts(String workspaceId, Collection<String> campaignIds);
}
