package dev.qrforge.bulk;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;

/**
 * The pending items of each batch execution on this node, by key, which its partitions take one at a time. Splitting
 * them up front (every n-th item to each partition) left a partition whose share held the costlier designs working
 * alone at the end: with four styles in turn and two partitions, one drew all the gradients. Keys, not entities: an
 * entity belongs to the persistence context of the partition that loaded it, which another partition's thread must
 * not use, so each partition loads the items it takes.
 */
@ApplicationScoped
class BulkQueues {

    private final Map<Long, Queue<BulkItem.Key>> byExecution = new ConcurrentHashMap<>();

    /** The execution's queue: made from {@code pending} by the first partition to open, shared by the others. */
    Queue<BulkItem.Key> of(long execution, Supplier<List<BulkItem.Key>> pending) {
        return byExecution.computeIfAbsent(execution, id -> new ConcurrentLinkedQueue<>(pending.get()));
    }

    /** The execution has ended: items it left are pending in the database, for the next one to read again. */
    void ended(long execution) {
        byExecution.remove(execution);
    }
}
