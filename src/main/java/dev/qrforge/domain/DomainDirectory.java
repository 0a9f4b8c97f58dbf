package dev.qrforge.domain;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Optional;
import org.infinispan.Cache;

/**
 * The redirect path's answer to "which domain does this {@code Host} name?": a verified custom domain's id, or
 * {@link #DEFAULT_DOMAIN} for every other host (the default domain's, an address, anything unknown). Cached in the
 * server's Infinispan invalidation cache {@code qrforge/domains} (wildfly/configure-server.cli), unknown hosts too,
 * so that a scan costs a map lookup; a domain verified or deleted on any node removes its host's entry on every
 * node after the commit. As in {@code dynamic.CodeDirectory}, an empty slot goes into the cache before the database
 * is read and is filled after, so that an invalidation arriving meanwhile removes the slot rather than leaving the
 * stale answer findable. No TTL: nothing changes a host's domain but those two events.
 */
@ApplicationScoped
public class DomainDirectory {

    /** The default domain's id in a dynamic code's scope. */
    public static final String DEFAULT_DOMAIN = "";

    static final class Slot {
        private volatile String domainId;
    }

    @Resource(lookup = "java:jboss/infinispan/cache/qrforge/domains")
    Cache<String, Slot> lazyCache;

    private Cache<String, Slot> cache;

    @PersistenceContext
    EntityManager em;

    /** Asked once, as {@code CodeDirectory} does: the bound wrapper would ask the container on every call. */
    @PostConstruct
    void resolveCache() {
        cache = lazyCache.getAdvancedCache();
    }

    /** The domain a request's host (port stripped) selects; may read the database. */
    public String scope(String requestHost) {
        String host = Hosts.ofRequest(requestHost);
        if (host.length() > Hosts.MAX_LENGTH) {
            return DEFAULT_DOMAIN;
        }
        Slot slot = cache.get(host);
        if (slot == null) {
            slot = new Slot();
            cache.putForExternalRead(host, slot);
        }
        String domainId = slot.domainId;
        if (domainId == null) {
            domainId = em.createQuery("select d.id from Domain d where d.host = :host and d.status = :status",
                            String.class).setParameter("host", host)
                    .setParameter("status", DomainStatus.VERIFIED.wireName())
                    .getResultStream().findFirst().orElse(DEFAULT_DOMAIN);
            slot.domainId = domainId;
        }
        return domainId;
    }

    /** What {@link #scope} would answer, if the cache alone can tell; for a thread that must not wait. */
    public Optional<String> cachedScope(String requestHost) {
        String host = Hosts.ofRequest(requestHost);
        if (host.length() > Hosts.MAX_LENGTH) {
            return Optional.of(DEFAULT_DOMAIN);
        }
        Slot slot = cache.get(host);
        return Optional.ofNullable(slot == null ? null : slot.domainId);
    }

    void evict(@Observes(during = TransactionPhase.AFTER_SUCCESS) DomainChanged change) {
        cache.remove(change.host());
    }
}
