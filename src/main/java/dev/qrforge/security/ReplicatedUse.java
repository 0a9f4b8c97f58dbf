package dev.qrforge.security;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import org.infinispan.Cache;
import org.infinispan.remoting.transport.Address;

/**
 * The rate limits' {@link RateLimits.SharedUse} across a cluster: the server's replicated cache
 * {@code qrforge/rate-limits} (wildfly/configure-server.cli) holds, per window, each node's count under
 * {@code window|node}. While much of a budget is left, a publication is sent without waiting for the other nodes'
 * acknowledgement: waiting would put a network round trip, and on a busy machine a scheduling delay of the peer, into
 * every API request (measured: a two-node analytics run fell to a quarter of one node's throughput). In a budget's
 * last quarter it is a synchronous put, complete on every node before the request is answered. A sum reads only this
 * node's replica. Should the cluster not answer (a peer died and is not yet suspected), requests are decided on what
 * this node knows.
 */
@ApplicationScoped
class ReplicatedUse implements RateLimits.SharedUse {

    private static final Logger LOG = Logger.getLogger(ReplicatedUse.class.getName());
    private static final long WARN_EVERY_MILLIS = 60_000;

    @Resource(lookup = "java:jboss/infinispan/cache/qrforge/rate-limits")
    Cache<String, Integer> cache;

    @Inject
    Clock clock;

    private final AtomicLong lastWarned = new AtomicLong();

    @Override
    public void publish(String window, int used, boolean urgent) {
        String key = window + '|' + self();
        if (urgent) {
            try {
                cache.put(key, used);
            } catch (RuntimeException e) {
                warn(e);
            }
        } else {
            cache.putAsync(key, used).whenComplete((previous, failure) -> {
                if (failure != null) {
                    warn(failure);
                }
            });
        }
    }

    private void warn(Throwable failure) {
        long now = clock.millis();
        long last = lastWarned.get();
        if (now - last >= WARN_EVERY_MILLIS && lastWarned.compareAndSet(last, now)) {
            LOG.warning("Rate limit use could not be shared with the cluster (" + failure + "); deciding on this"
                    + " node's counts and those last received");
        }
    }

    @Override
    public int others(String window) {
        List<Address> members = cache.getCacheManager().getMembers();
        if (members == null) {
            return 0;
        }
        String self = self();
        int used = 0;
        for (Address member : members) {
            String node = member.toString();
            if (!node.equals(self)) {
                Integer count = cache.get(window + '|' + node);
                used += count == null ? 0 : count;
            }
        }
        return used;
    }

    private String self() {
        Address address = cache.getCacheManager().getAddress();
        return address == null ? "local" : address.toString();
    }
}
