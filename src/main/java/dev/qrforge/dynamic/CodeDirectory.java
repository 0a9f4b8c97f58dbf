package dev.qrforge.dynamic;

import dev.qrforge.domain.DomainDirectory;
import dev.qrforge.platform.DatabaseFailures;
import dev.qrforge.scan.ScanBuffer;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.infinispan.Cache;

/**
 * The scan path's view of dynamic codes: looked up by the request's host and short code, cached so that a scan
 * costs no database call. The host selects the domain ({@link DomainDirectory}: a verified custom domain resolves its
 * own codes only, every other host the default domain's); the cache keys a code by domain and short code.
 *
 * <p>The cache is the server's Infinispan invalidation cache {@code qrforge/codes} (wildfly/configure-server.cli):
 * each node holds its own entries, and a change committed on any node removes the code's entry on every node of the
 * cluster (JGroups, synchronously) before the request that made it answers, so the next scan anywhere follows it.
 * Entries are loaded with {@code putForExternalRead}, which never invalidates other nodes, into a {@link Slot} that
 * the loading thread fills afterwards: if an invalidation arrives while the database is being read, it removes the
 * slot, and the stale state read before the change is filled into a slot nobody can find any more. The TTL
 * (QRFORGE_SCAN_CACHE_TTL_MILLIS) only refreshes what invalidations cannot announce, such as other nodes' flushed
 * scan counts for {@code scanCountBelow} rules. Unknown codes are cached too, so random probing cannot turn into
 * database load, and deleted codes are cached as such (their links answer 410). While the database cannot be
 * reached, cached entries keep serving past their TTL, so printed codes keep redirecting through an outage.
 */
@ApplicationScoped
public class CodeDirectory {

    private record Entry(Optional<RouteTarget> target, long loadedAtMillis) {
    }

    /** What the cache holds for a short code: filled by the thread that loaded it, refreshed in place. */
    static final class Slot {
        private volatile Entry entry;
        /** Set while one thread reloads an expired entry; the others keep serving the entry they found. */
        private final AtomicBoolean refreshing = new AtomicBoolean();
    }

    /**
     * What the server binds is a lazy wrapper that asks the cache container for the cache again on every call,
     * under a lock of the container's that every scan thread then queues on; {@link #resolveCache} asks once.
     */
    @Resource(lookup = "java:jboss/infinispan/cache/qrforge/codes")
    Cache<String, Slot> lazyCache;

    private Cache<String, Slot> cache;

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    ScanBuffer scans;

    @Inject
    DomainDirectory domains;

    @Inject
    @ConfigProperty(name = "qrforge.scan-cache-ttl-millis", defaultValue = "2000")
    long ttlMillis;

    /**
     * The cache as the container hands it to this deployment (with the media types of the deployment's class
     * loader, the thread context's here), for as long as the deployment lives: the deployment depends on it.
     */
    @PostConstruct
    void resolveCache() {
        cache = lazyCache.getAdvancedCache();
    }

    /**
     * The code a scan names: {@code shortCode} on the verified custom domain whose host the request named, else on
     * the default domain. May read the database.
     *
     * @param host the request's host, port stripped
     */
    public Optional<RouteTarget> lookup(String host, String shortCode) {
        long now = clock.millis();
        String domainId = domains.scope(host);
        String key = LinkScope.key(domainId, shortCode);
        Slot slot = cache.get(key);
        if (slot == null) {
            slot = new Slot();
            cache.putForExternalRead(key, slot);
        }
        Entry entry = slot.entry;
        if (entry != null && now - entry.loadedAtMillis() < ttlMillis) {
            return entry.target();
        }
        if (entry == null) {
            return reload(domainId, shortCode, slot, null, now);
        }
        // An expired entry is reloaded by one thread; the scans arriving meanwhile follow the entry as it was,
        // rather than every one of them queuing for the same row (behind a flush's commit, at times).
        if (!slot.refreshing.compareAndSet(false, true)) {
            return entry.target();
        }
        try {
            return reload(domainId, shortCode, slot, entry, now);
        } finally {
            slot.refreshing.set(false);
        }
    }

    /**
     * What {@link #lookup} would answer, when it can answer from the cache alone (the code is cached, and its entry
     * fresh or being reloaded by another thread); {@link CachedTarget.NotCached} when only {@link #lookup}, which
     * may read the database, can tell.
     */
    public CachedTarget cached(String host, String shortCode) {
        Optional<String> domainId = domains.cachedScope(host);
        Slot slot = domainId.isEmpty() ? null : cache.get(LinkScope.key(domainId.get(), shortCode));
        Entry entry = slot == null ? null : slot.entry;
        if (entry == null || (clock.millis() - entry.loadedAtMillis() >= ttlMillis && !slot.refreshing.get())) {
            return new CachedTarget.NotCached();
        }
        return entry.target().isPresent() ? new CachedTarget.Known(entry.target().get()) : new CachedTarget.Unknown();
    }

    private Optional<RouteTarget> reload(String domainId, String shortCode, Slot slot, Entry entry, long now) {
        Optional<RouteTarget> target;
        try {
            target = scans.withCountsSteady(() -> load(domainId, shortCode));
        } catch (RuntimeException e) {
            if (entry == null || !DatabaseFailures.unreachable(e)) {
                throw e;
            }
            // The database is away: what was known keeps serving, and is checked again a TTL from now.
            slot.entry = new Entry(entry.target(), now);
            return entry.target();
        }
        slot.entry = new Entry(target, now);
        return target;
    }

    /** This code's counted scans before the current one, as exactly as this node can know it. */
    public long countBefore(RouteTarget target) {
        return target.storedCount() + scans.flushed(target.codeId()) + scans.pending(target.codeId())
                - target.flushedAtLoad();
    }

    void evict(@Observes(during = TransactionPhase.AFTER_SUCCESS) DynamicCodeChanged change) {
        cache.remove(LinkScope.key(change.domainId(), change.shortCode()));
    }

    private Optional<RouteTarget> load(String domainId, String shortCode) {
        return em.createQuery("select d from DynamicCode d where d.domainId = :domain and d.shortCode = :code",
                        DynamicCode.class).setParameter("domain", domainId).setParameter("code", shortCode)
                .getResultStream().findFirst()
                .map(code -> {
                    DynamicCode.Settings settings = code.settings();
                    return new RouteTarget(code.id(), settings.status(), settings.destinationUrl(), settings.rules(),
                            settings.utm(), settings.validity(), settings.expiredUrl(), code.storedScanCount(),
                            scans.flushed(code.id()), code.deleted(), settings.passwordHash());
                });
    }
}
