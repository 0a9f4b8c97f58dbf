package dev.qrforge.dynamic;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.concurrent.Semaphore;

/**
 * Codes with short codes of their clients' choosing are made in turns on this node, a transaction at a time (a bulk
 * job's chunk, or one request). Two jobs accepted together may ask for the same custom short code (each found it free when accepted); made
 * side by side, both would pass the check and one would fail on the unique index in the middle of its chunk, whose
 * transaction can then only roll back, failing the whole job. In turns, the second sees the first's committed code,
 * and only its item (or request) fails, as "shortCode taken". Jobs on different nodes can still meet on the index (a job then
 * fails and is reported failed, nothing half-made), which needs two clients racing for one short code on two nodes.
 */
@ApplicationScoped
class CustomShortCodeLock {

    /** A semaphore rather than a lock: the transaction may end on another thread (the transaction reaper's). */
    private final Semaphore turn = new Semaphore(1, true);

    @Resource
    TransactionSynchronizationRegistry transactions;

    /** Waits for this node's turn, then holds it until the current transaction ends; once per transaction. */
    void holdUntilTransactionEnds() {
        if (transactions.getResource(this) != null) {
            return;
        }
        // A turn lasts one chunk or one request, so the wait is short; a job stopping meanwhile ends after it.
        turn.acquireUninterruptibly();
        transactions.putResource(this, Boolean.TRUE);
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
                // the turn lasts until the outcome, below
            }

            @Override
            public void afterCompletion(int status) {
                turn.release();
            }
        });
    }
}
