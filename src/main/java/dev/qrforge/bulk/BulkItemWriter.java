package dev.qrforge.bulk;

import jakarta.batch.api.chunk.AbstractItemWriter;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Named;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;

/**
 * Records a chunk's outcomes on the items and adds them to the job's counts, in the chunk's transaction, as
 * increments: partitions write concurrently.
 */
@Named("bulkItemWriter")
@Dependent
public class BulkItemWriter extends AbstractItemWriter {

    @PersistenceContext
    EntityManager em;

    @Override
    public void writeItems(List<Object> outcomes) {
        int succeeded = 0;
        int failed = 0;
        String jobId = null;
        for (Object o : outcomes) {
            BulkItemProcessor.Outcome outcome = (BulkItemProcessor.Outcome) o;
            jobId = outcome.jobId();
            boolean done = outcome.qrCodeId() != null;
            em.createQuery("update BulkItem i set i.status = :status, i.qrCodeId = :qr, i.errorField = :field,"
                    + " i.errorMessage = :message where i.key.jobId = :job and i.key.index = :index")
                    .setParameter("status", (done ? BulkItem.Status.DONE : BulkItem.Status.FAILED).name())
                    .setParameter("qr", outcome.qrCodeId())
                    .setParameter("field", outcome.errorField())
                    .setParameter("message", outcome.errorMessage())
                    .setParameter("job", outcome.jobId())
                    .setParameter("index", outcome.index())
                    .executeUpdate();
            if (done) {
                succeeded++;
            } else {
                failed++;
            }
        }
        if (jobId != null) {
            em.createQuery("update BulkJob j set j.succeeded = j.succeeded + :ok, j.failed = j.failed + :failed"
                    + " where j.id = :job")
                    .setParameter("ok", succeeded).setParameter("failed", failed).setParameter("job", jobId)
                    .executeUpdate();
        }
    }
}
