package dev.qrforge.bulk;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.platform.StoredTime;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.Optional;

/**
 * The answers of bulk changes sent with an Idempotency-Key (table {@code bulk_change}), each step in a transaction of
 * its own: the key is claimed before any code changes, so that two requests with one key never both change codes.
 */
@ApplicationScoped
public class BulkChangeReplays {

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    /**
     * Claims {@code key} for a new change, or returns the answer of the change it was used for. A change still being
     * applied under the key is CONFLICT; the key used for another request is UNPROCESSABLE.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Optional<String> claim(String workspaceId, String key, String fingerprint) {
        BulkChange earlier = em.find(BulkChange.class, new BulkChange.Key(workspaceId, key));
        if (earlier != null) {
            IdempotencyKeys.requireSameRequest(key, earlier.requestHash(), fingerprint);
            if (earlier.answer() == null) {
                throw inProgress(key);
            }
            return Optional.of(earlier.answer());
        }
        try {
            em.persist(new BulkChange(workspaceId, key, fingerprint, StoredTime.now(clock)));
            em.flush();
        } catch (PersistenceException raced) {
            throw inProgress(key);
        }
        return Optional.empty();
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void answer(String workspaceId, String key, String answer) {
        em.find(BulkChange.class, new BulkChange.Key(workspaceId, key)).answered(answer);
    }

    /** Frees a key whose change failed as a whole, so that a retry with it is not refused. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void release(String workspaceId, String key) {
        BulkChange claim = em.find(BulkChange.class, new BulkChange.Key(workspaceId, key));
        if (claim != null) {
            em.remove(claim);
        }
    }

    private static ApiException inProgress(String key) {
        return new ApiException(ErrorCode.CONFLICT, "Idempotency-Key", "a bulk change with Idempotency-Key '" + key
                + "' is still being applied; retry when it has finished to get its answer");
    }
}
