/**
 * The audit log: every change to a workspace's resources, recorded from the {@link dev.qrforge.api.Change} events the
 * features fire in their transactions, with who made it (the credential), when (the one clock), from where (the
 * client behind trusted proxies) and in which request; read through {@code GET /api/v1/audit} as JSON pages or CSV,
 * purged after the retention. No feature uses this package: they only fire events.
 */
package dev.qrforge.audit;
