package dev.qrforge.bulk;

import jakarta.batch.api.BatchProperty;
import jakarta.batch.api.chunk.AbstractItemReader;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.Serializable;
import java.util.Iterator;
import java.util.List;

/**
 * This partition's share of the job's items that are still pending (index modulo the partition count). Reading
 * only pending items is what makes a job resumable: a new execution after a restart picks up where it stopped.
 */
@Named("bulkItemReader")
@Dependent
public class BulkItemReader extends AbstractItemReader {

    @Inject
    JobContext job;

    @Inject
    @BatchProperty
    String partition;

    @Inject
    @BatchProperty
    String partitions;

    @PersistenceContext
    EntityManager em;

    private Iterator<BulkItem> pending;

    @Override
    public void open(Serializable checkpoint) {
        String jobId = BulkJobs.jobId(job);
        List<BulkItem> items = em.createQuery("select i from BulkItem i where i.key.jobId = :job and i.status = :pending"
                + " and mod(i.key.index, :partitions) = :partition order by i.key.index", BulkItem.class)
                .setParameter("job", jobId)
                .setParameter("pending", BulkItem.Status.PENDING.name())
                .setParameter("partitions", Integer.parseInt(partitions))
                .setParameter("partition", Integer.parseInt(partition))
                .getResultList();
        pending = items.iterator();
    }

    @Override
    public Object readItem() {
        return pending.hasNext() ? pending.next() : null;
    }
}
