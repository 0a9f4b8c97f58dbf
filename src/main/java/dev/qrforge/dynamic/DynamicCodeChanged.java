package dev.qrforge.dynamic;

/**
 * Fired when a dynamic code's routing changes; observed after commit, so caches never reload the old state.
 *
 * @param domainId the code's domain ({@code domain.DomainDirectory.DEFAULT_DOMAIN} for the default one)
 */
public record DynamicCodeChanged(String domainId, String shortCode) {

    static DynamicCodeChanged of(DynamicCode code) {
        return new DynamicCodeChanged(code.scope().domainId(), code.shortCode());
    }

}
