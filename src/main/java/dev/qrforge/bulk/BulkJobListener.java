package dev.qrforge.bulk;

import dev.qrforge.platform.StoredTime;
import jakarta.batch.api.listener.AbstractJobListener;
import jakarta.batch.runtime.BatchStatus;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;

/**
 * Closes the bulk job when its batch execution ends with every item done: COMPLETED, or FAILED if the execution
 * failed. An execution stopped with items still pending (the server shutting down) leaves the job STARTED, for
 * {@link BulkRecovery} to resume, and so does one of a node that no longer holds the job: its failure (its results
 * refused, see {@link BulkItemWriter}) is not the job's, which the node now holding it finishes. Closing a job
 * announces it ({@link BulkJobFinished}).
 */
@Named("bulkJobListener")
@Dependent
public class BulkJobListener extends AbstractJobListener {

    @Inject
    JobContext job;

    @Inject
    Clock clock;

    @Inject
    Event<BulkJobFinished> finished;

    @Inject
    BulkLeases leases;

    @Inject
    BulkQueues queues;

    @PersistenceContext
    EntityManager em;

    @Override
    @Transactional
    public void afterJob() {
        String jobId = BulkJobs.jobId(job);
        try {
            close(jobId);
        } finally {
            queues.ended(job.getExecutionId());
            leases.ended(jobId, job.getExecutionId());
        }
    }

    private void close(String jobId) {
        long pending = em.createQuery("select count(i) from BulkItem i where i.key.jobId = :job"
                + " and i.status = :pending", Long.class).setParameter("job", jobId)
                .setParameter("pending", BulkItem.Status.PENDING.name()).getSingleResult();
        if (pending > 0 && job.getBatchStatus() != BatchStatus.FAILED) {
            return;
        }
        BulkJob.Status status = job.getBatchStatus() == BatchStatus.FAILED ? BulkJob.Status.FAILED
                : BulkJob.Status.COMPLETED;
        Instant now = StoredTime.now(clock);
        // Only a job still open, and still this node's, is closed: a job is announced once however often its
        // executions end, and never by a node that lost it.
        int closed = em.createQuery("update BulkJob j set j.status = :status, j.finishedAt = :at"
                        + " where j.id = :job and j.status = :started and j.nodeName = :node")
                .setParameter("status", status.name())
                .setParameter("at", now)
                .setParameter("job", jobId)
                .setParameter("started", BulkJob.Status.STARTED.name())
                .setParameter("node", BulkJobs.nodeName())
                .executeUpdate();
        if (closed == 1) {
            BulkJob closedJob = em.find(BulkJob.class, jobId);
            finished.fire(new BulkJobFinished(closedJob.workspaceId(), jobId, status == BulkJob.Status.FAILED,
                    closedJob.total(), closedJob.succeeded(), closedJob.failed(), now));
        }
    }
}
