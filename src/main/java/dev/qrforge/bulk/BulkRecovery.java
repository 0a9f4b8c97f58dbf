package dev.qrforge.bulk;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.logging.Logger;

/**
 * Resumes, at start-up, the bulk jobs this node was running when it stopped: a restart mid-job leaves a job that
 * is finished later, not one that is lost. Each node resumes only its own jobs (by jboss.node.name), so a node
 * starting never takes over work another live node is doing.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigrations")
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class BulkRecovery {

    private static final Logger LOG = Logger.getLogger(BulkRecovery.class.getName());

    @Inject
    BulkJobs jobs;

    @PersistenceContext
    EntityManager em;

    @PostConstruct
    void resume() {
        for (String jobId : em.createQuery("select j.id from BulkJob j where j.status = :started and j.nodeName = :node",
                String.class).setParameter("started", BulkJob.Status.STARTED.name())
                .setParameter("node", BulkJobs.nodeName()).getResultList()) {
            LOG.info("Resuming bulk job " + jobId + " interrupted by a restart");
            jobs.start(jobId);
        }
    }
}
