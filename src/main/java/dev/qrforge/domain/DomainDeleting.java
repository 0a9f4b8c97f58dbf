package dev.qrforge.domain;

/**
 * Fired in the transaction that deletes a custom domain, before it goes: a feature that still uses the domain
 * refuses by throwing an {@link dev.qrforge.api.ApiException}, which rolls the deletion back.
 */
public record DomainDeleting(String workspaceId, String domainId, String host) {
}
