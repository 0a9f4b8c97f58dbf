package dev.qrforge.bulk;

import jakarta.batch.api.chunk.AbstractItemReader;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.Serializable;
import java.util.Queue;

/**
 * The next of the job's items still pending, taken from the execution's queue that every partition takes from
 * ({@link BulkQueues}), so that the partitions finish together whatever each item costs. Reading only pending items
 * is what makes a job resumable: a new execution after a restart picks up where it stopped.
 */
@Named("bulkItemReader")
@Dependent
public class BulkItemReader extends AbstractItemReader {

    @Inject
    JobContext job;

    @Inject
    BulkQueues queues;

    @PersistenceContext
    EntityManager em;

    private Queue<BulkItem.Key> pending;

    @Override
    public void open(Serializable checkpoint) {
        String jobId = BulkJobs.jobId(job);
        pending = queues.of(job.getExecutionId(), () -> em.createQuery("select i.key from BulkItem i"
                + " where i.key.jobId = :job and i.status = :pending order by i.key.index", BulkItem.Key.class)
                .setParameter("job", jobId)
                .setParameter("pending", BulkItem.Status.PENDING.name())
                .getResultList());
    }

    @Override
    public Object readItem() {
        BulkItem.Key next = pending.poll();
        return next == null ? null : em.find(BulkItem.class, next);
    }
}
