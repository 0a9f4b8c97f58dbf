/**
 * Campaigns: folders a workspace groups its dynamic codes in ({@code /api/v1/campaigns}), a name unique in the
 * workspace whatever its case and a description. A campaign knows nothing of codes: {@code dynamic} keeps which
 * campaign a code is in, tells a campaign's code count through {@code CampaignCodes}, and takes the codes out of a
 * campaign being deleted ({@code CampaignDeleted}); {@code analytics} reads a campaign's scans over its codes.
 */
package dev.qrforge.campaign;
