package dev.qrforge.bulk;

import dev.qrforge.platform.StoredTime;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which node runs which bulk job: a STARTED job is leased to the node in its {@code node_name} until its
 * {@code lease_until}. The node renews the leases of the jobs it runs (see {@link BulkRecovery}); a lease that has
 * passed means the node is gone (or stalled), and any node may claim the job with one conditional update, so that
 * exactly one does, and run its pending items. See the package's documentation for how a stalled node that lost its
 * job is kept from recording results. The SQL is plain JDBC in static methods, tested on H2 and PostgreSQL.
 */
@ApplicationScoped
public class BulkLeases {

    /** What renewing one job's lease found. */
    enum Renewal { RENEWED, LOST, FINISHED }

    /** A STARTED job whose lease has passed: who held it, until when. */
    public record Expired(String jobId, String node, Instant leaseUntil) {
    }

    /**
     * An execution of this node may no longer record results for its job: another node has claimed it, or another
     * execution has recorded the item. Thrown by the item writer, so that the chunk, codes included, rolls back.
     */
    static final class Lost extends IllegalStateException {
        Lost(String message) {
            super(message);
        }
    }

    /** An execution this node runs, by its id (0 while the batch runtime has not returned it yet). */
    private record Run(long execution, boolean lost) {
        static final Run STARTING = new Run(0, false);
    }

    /** Expired jobs a sweep tries, at most: enough to step past those other nodes claim at the same moment. */
    static final int CANDIDATES = 10;

    private static final String CLAIM = "update bulk_job set node_name = ?, lease_until = ? where id = ?"
            + " and status = 'STARTED' and lease_until < ?";
    private static final String RENEW = "update bulk_job set lease_until = ? where id = ? and node_name = ?"
            + " and status = 'STARTED'";

    @Inject
    DataSource dataSource;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "qrforge.bulk.lease-millis", defaultValue = "30000")
    long leaseMillis;

    @Inject
    @ConfigProperty(name = "qrforge.bulk.lease-renew-interval-millis", defaultValue = "5000")
    long renewIntervalMillis;

    /** The executions of bulk jobs on this node, by job: at most one per job. */
    private final Map<String, Run> running = new ConcurrentHashMap<>();

    @PostConstruct
    void checkTiming() {
        if (renewIntervalMillis <= 0 || leaseMillis <= renewIntervalMillis) {
            throw new IllegalArgumentException("QRFORGE_BULK_LEASE_RENEW_INTERVAL_MILLIS must be positive and less"
                    + " than QRFORGE_BULK_LEASE_MILLIS (a few times less: a lease must outlast missed renewals), got "
                    + renewIntervalMillis + " and " + leaseMillis);
        }
    }

    long renewIntervalMillis() {
        return renewIntervalMillis;
    }

    /** The end of a lease taken or renewed at {@code now}. */
    Instant leaseEnd(Instant now) {
        return now.plusMillis(leaseMillis);
    }

    /** Notes that this node starts an execution of the job; false if one of its executions of it has not ended. */
    boolean starting(String jobId) {
        return running.putIfAbsent(jobId, Run.STARTING) == null;
    }

    void started(String jobId, long execution) {
        running.replace(jobId, Run.STARTING, new Run(execution, false));
    }

    void notStarted(String jobId) {
        running.remove(jobId, Run.STARTING);
    }

    /** The execution has ended (the job listener's last act): the job no longer runs here. */
    void ended(String jobId, long execution) {
        running.computeIfPresent(jobId, (id, run) -> run.execution() == execution || run.execution() == 0 ? null : run);
    }

    /** At start-up: the jobs this node held when it stopped, their leases taken again, to be resumed. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public List<String> reclaimOwn() {
        String node = BulkJobs.nodeName();
        Instant until = leaseEnd(StoredTime.now(clock));
        try (Connection connection = dataSource.getConnection()) {
            List<String> own = new ArrayList<>();
            for (String jobId : held(connection, node)) {
                if (renew(connection, jobId, node, until) == Renewal.RENEWED) {
                    own.add(jobId);
                }
            }
            return own;
        } catch (SQLException e) {
            throw new IllegalStateException("could not take back this node's bulk jobs: " + e.getMessage(), e);
        }
    }

    /**
     * Renews the leases of the jobs running here. Returns the executions of those another node has claimed since,
     * which should stop: their results would be refused anyway.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public List<Long> renew() {
        String node = BulkJobs.nodeName();
        Instant until = leaseEnd(StoredTime.now(clock));
        List<Long> lost = new ArrayList<>();
        try (Connection connection = dataSource.getConnection()) {
            for (Map.Entry<String, Run> entry : running.entrySet()) {
                Run run = entry.getValue();
                if (run.lost()) {
                    continue;
                }
                switch (renew(connection, entry.getKey(), node, until)) {
                    case RENEWED -> { }
                    // Its listener is about to forget it, or never will (the execution ended abnormally).
                    case FINISHED -> running.remove(entry.getKey(), run);
                    // Kept, marked, until the execution ends: this node must not start the job again meanwhile.
                    case LOST -> {
                        if (running.replace(entry.getKey(), run, new Run(run.execution(), true))
                                && run.execution() != 0) {
                            lost.add(run.execution());
                        }
                    }
                }
            }
            return lost;
        } catch (SQLException e) {
            throw new IllegalStateException("could not renew bulk job leases: " + e.getMessage(), e);
        }
    }

    /** Claims for this node one job whose lease has passed, if there is one that does not still run here. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Optional<Expired> claimOne() {
        Instant now = StoredTime.now(clock);
        try (Connection connection = dataSource.getConnection()) {
            for (Expired job : expired(connection, now, CANDIDATES)) {
                if (!running.containsKey(job.jobId())
                        && claim(connection, job.jobId(), BulkJobs.nodeName(), now, leaseEnd(now))) {
                    return Optional.of(job);
                }
            }
            return Optional.empty();
        } catch (SQLException e) {
            throw new IllegalStateException("could not claim a bulk job: " + e.getMessage(), e);
        }
    }

    /**
     * Takes the job for {@code node} if it is STARTED and its lease passed before {@code now}. One statement, so of
     * any number of nodes claiming the same job at once exactly one gets it: the others wait for its row and then
     * find its lease running again (or it changed hands already).
     */
    static boolean claim(Connection connection, String jobId, String node, Instant now, Instant until)
            throws SQLException {
        try (PreparedStatement claim = connection.prepareStatement(CLAIM)) {
            claim.setString(1, node);
            claim.setObject(2, utc(until));
            claim.setString(3, jobId);
            claim.setObject(4, utc(now));
            return claim.executeUpdate() == 1;
        }
    }

    /** Extends the lease of a job {@code node} holds: RENEWED; LOST if another node holds it; else FINISHED. */
    static Renewal renew(Connection connection, String jobId, String node, Instant until) throws SQLException {
        try (PreparedStatement renew = connection.prepareStatement(RENEW)) {
            renew.setObject(1, utc(until));
            renew.setString(2, jobId);
            renew.setString(3, node);
            if (renew.executeUpdate() == 1) {
                return Renewal.RENEWED;
            }
        }
        try (PreparedStatement status = connection.prepareStatement("select status from bulk_job where id = ?")) {
            status.setString(1, jobId);
            try (ResultSet row = status.executeQuery()) {
                return row.next() && row.getString(1).equals(BulkJob.Status.STARTED.name()) ? Renewal.LOST
                        : Renewal.FINISHED;
            }
        }
    }

    /** Up to {@code limit} STARTED jobs whose lease passed before {@code now}, the longest expired first. */
    static List<Expired> expired(Connection connection, Instant now, int limit) throws SQLException {
        // limit is a constant, not input: inlined, as not every driver binds FETCH FIRST.
        try (PreparedStatement select = connection.prepareStatement("select id, node_name, lease_until from bulk_job"
                + " where status = 'STARTED' and lease_until < ? order by lease_until, id fetch first " + limit
                + " rows only")) {
            select.setObject(1, utc(now));
            List<Expired> expired = new ArrayList<>();
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    expired.add(new Expired(row.getString(1), row.getString(2),
                            row.getObject(3, OffsetDateTime.class).toInstant()));
                }
            }
            return expired;
        }
    }

    /** The STARTED jobs {@code node} holds, whatever their leases. */
    static List<String> held(Connection connection, String node) throws SQLException {
        try (PreparedStatement select = connection.prepareStatement("select id from bulk_job where status = 'STARTED'"
                + " and node_name = ? order by created_at, id")) {
            select.setString(1, node);
            List<String> held = new ArrayList<>();
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    held.add(row.getString(1));
                }
            }
            return held;
        }
    }

    static OffsetDateTime utc(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
