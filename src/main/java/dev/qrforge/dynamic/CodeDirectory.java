package dev.qrforge.dynamic;

import dev.qrforge.platform.DatabaseFailures;
import dev.qrforge.scan.ScanBuffer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The scan path's view of dynamic codes: looked up by short code, cached so that a scan costs no database call.
 * A change made through this node's API evicts the entry after its transaction commits, so the next scan follows
 * it; changes made on another node arrive within QRFORGE_SCAN_CACHE_TTL. Unknown codes are cached too, so random
 * probing cannot turn into database load, and deleted codes are cached as such (their links answer 410). While the
 * database cannot be reached, cached entries keep serving past their TTL, so printed codes keep redirecting through
 * an outage.
 */
@ApplicationScoped
public class CodeDirectory {

    private record Entry(Optional<RouteTarget> target, long loadedAtMillis) {
    }

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    ScanBuffer scans;

    @Inject
    @ConfigProperty(name = "qrforge.scan-cache-ttl-millis", defaultValue = "2000")
    long ttlMillis;

    /** Bounds memory under probing by random codes; a full cache starts over rather than tracking recency. */
    @Inject
    @ConfigProperty(name = "qrforge.scan-cache-max-entries", defaultValue = "100000")
    int maxEntries;

    private final Map<String, Entry> cache = new ConcurrentHashMap<>();

    public Optional<RouteTarget> lookup(String shortCode) {
        long now = clock.millis();
        Entry entry = cache.get(shortCode);
        if (entry != null && now - entry.loadedAtMillis() < ttlMillis) {
            return entry.target();
        }
        Optional<RouteTarget> target;
        try {
            target = scans.withCountsSteady(() -> load(shortCode));
        } catch (RuntimeException e) {
            if (entry == null || !DatabaseFailures.unreachable(e)) {
                throw e;
            }
            // The database is away: what was known keeps serving, and is checked again a TTL from now.
            cache.put(shortCode, new Entry(entry.target(), now));
            return entry.target();
        }
        if (cache.size() >= maxEntries) {
            cache.clear();
        }
        cache.put(shortCode, new Entry(target, now));
        return target;
    }

    /** This code's counted scans before the current one, as exactly as this node can know it. */
    public long countBefore(RouteTarget target) {
        return target.storedCount() + scans.flushed(target.codeId()) + scans.pending(target.codeId())
                - target.flushedAtLoad();
    }

    void evict(@Observes(during = TransactionPhase.AFTER_SUCCESS) DynamicCodeChanged change) {
        cache.remove(change.shortCode());
    }

    private Optional<RouteTarget> load(String shortCode) {
        return em.createQuery("select d from DynamicCode d where d.shortCode = :code", DynamicCode.class)
                .setParameter("code", shortCode)
                .getResultStream().findFirst()
                .map(code -> {
                    DynamicCode.Settings settings = code.settings();
                    return new RouteTarget(code.id(), settings.status(), settings.destinationUrl(), settings.rules(),
                            settings.expiresAt(), settings.expiredUrl(), code.storedScanCount(),
                            scans.flushed(code.id()), code.deleted());
                });
    }
}
