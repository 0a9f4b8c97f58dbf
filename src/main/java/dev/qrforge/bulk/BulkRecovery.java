package dev.qrforge.bulk;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps bulk jobs going whatever becomes of the node running them ({@link BulkLeases}). At start-up it resumes the
 * jobs this node held when it stopped, at once, so a restart mid-job leaves a job finished later, not one lost; then,
 * every QRFORGE_BULK_LEASE_RENEW_INTERVAL_MILLIS, it renews the leases of the jobs running here, stops the executions
 * of those another node has taken meanwhile, and takes over one job whose node let its lease pass (a node that is
 * gone). Non-persistent, like the scan flush: the state is in the database, a missed tick only delays the next.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigrations")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class BulkRecovery {

    private static final Logger LOG = Logger.getLogger(BulkRecovery.class.getName());

    @Resource
    TimerService timers;

    @Inject
    BulkJobs jobs;

    @Inject
    BulkLeases leases;

    @PostConstruct
    void resume() {
        for (String jobId : leases.reclaimOwn()) {
            LOG.info("Resuming bulk job " + jobId + " interrupted by a restart");
            jobs.start(jobId);
        }
        long interval = leases.renewIntervalMillis();
        timers.createIntervalTimer(interval, interval, new TimerConfig(null, false));
    }

    @Timeout
    void tick() {
        try {
            for (long execution : leases.renew()) {
                LOG.warning("Stopping bulk execution " + execution + ": its job has been taken over by another node"
                        + " while this one held it past its lease (a long pause?)");
                jobs.stop(execution);
            }
            leases.claimOne().ifPresent(job -> {
                LOG.info("Taking over bulk job " + job.jobId() + " from node " + job.node() + ", whose lease ended at "
                        + job.leaseUntil());
                jobs.start(job.jobId());
            });
        } catch (RuntimeException e) {
            // The database may be away; leases that lapse meanwhile are claimed again, here or elsewhere.
            LOG.log(Level.WARNING, "bulk job lease round failed: " + e.getMessage(), e);
        }
    }
}
