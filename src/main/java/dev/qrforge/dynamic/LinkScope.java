package dev.qrforge.dynamic;

import dev.qrforge.domain.DomainDirectory;
import dev.qrforge.domain.UsableDomain;

/**
 * The domain a short code is unique in: a verified custom domain, or the default domain (id
 * {@link DomainDirectory#DEFAULT_DOMAIN}, no host of its own: QRFORGE_PUBLIC_BASE_URL's).
 *
 * @param host the custom domain's host, or null on the default domain
 */
record LinkScope(String domainId, String host) {

    static final LinkScope DEFAULT = new LinkScope(DomainDirectory.DEFAULT_DOMAIN, null);

    static LinkScope of(UsableDomain domain) {
        return domain == null ? DEFAULT : new LinkScope(domain.id(), domain.host());
    }

    /** The directory's key for a short code in domain {@code domainId}: no short code holds a '/'. */
    static String key(String domainId, String shortCode) {
        return domainId.isEmpty() ? shortCode : domainId + '/' + shortCode;
    }
}
