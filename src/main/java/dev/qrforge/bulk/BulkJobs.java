package dev.qrforge.bulk;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.Change;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.dynamic.DynamicCodes;
import dev.qrforge.platform.Ids;
import dev.qrforge.platform.StoredTime;
import dev.qrforge.qr.QrCodes;
import dev.qrforge.qr.StoredCode;
import dev.qrforge.safety.Safety;
import jakarta.batch.operations.JobExecutionNotRunningException;
import jakarta.batch.operations.JobOperator;
import jakarta.batch.operations.NoSuchJobExecutionException;
import jakarta.batch.runtime.BatchRuntime;
import jakarta.batch.runtime.context.JobContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/** Bulk jobs of a workspace: accept (once per idempotency key), run as a Jakarta Batch job, report. */
@ApplicationScoped
public class BulkJobs {

    /** The job XML in META-INF/batch-jobs. */
    static final String JOB_NAME = "bulk-generate";
    static final String JOB_PARAMETER = "bulkJobId";
    static final int MAX_IDEMPOTENCY_KEY = 200;
    private static final ObjectMapper JSON = JsonConfig.build();
    /** What the audit log calls a job. */
    private static final String RESOURCE = "bulk_job";

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    QrCodes qrCodes;

    @Inject
    DynamicCodes dynamicCodes;

    @Inject
    BulkLeases leases;

    @Inject
    Event<Change> changes;

    /**
     * Stores the validated job and its items, unless the key names an earlier job of the workspace, which is then
     * returned instead. Nothing runs yet: {@link #start} does, once this transaction has committed.
     *
     * @return the job, and whether it is new
     */
    @Transactional
    public Map.Entry<BulkJob, Boolean> accept(String workspaceId, BulkJob.Kind kind, Object request,
            List<? extends BulkValidator.Valid<?>> items, String idempotencyKey) {
        String fingerprint = null;
        if (idempotencyKey(idempotencyKey) != null) {
            // The request as the client sent it: its validated items hold what the service chose (short codes).
            fingerprint = IdempotencyKeys.fingerprint(kind.wireName() + json(request));
            Optional<BulkJob> earlier = em.createQuery("select j from BulkJob j where j.workspaceId = :ws"
                    + " and j.idempotencyKey = :key", BulkJob.class)
                    .setParameter("ws", workspaceId).setParameter("key", idempotencyKey)
                    .getResultStream().findFirst();
            if (earlier.isPresent()) {
                IdempotencyKeys.requireSameRequest(idempotencyKey, earlier.get().requestHash(), fingerprint);
                return Map.entry(earlier.get(), false);
            }
        }
        Instant now = StoredTime.now(clock);
        BulkJob job = new BulkJob(Ids.next("job_"), workspaceId, kind, items.size(), idempotencyKey, fingerprint,
                nodeName(), now, leases.leaseEnd(now));
        em.persist(job);
        Set<String> logos = new HashSet<>();
        for (BulkValidator.Valid<?> item : items) {
            if (item.spec().logo() != null && logos.add(item.spec().logo().reference())) {
                qrCodes.keepLogo(workspaceId, item.spec());
            }
            em.persist(new BulkItem(job.id(), item.index(), json(item.request()), item.filename()));
        }
        // One entry for the job: its items' codes are what the job made, not changes of their own.
        changes.fire(Change.created(workspaceId, RESOURCE, job.id(), Change.Fields.of().with("kind", kind.wireName())
                .with("items", items.size()).with("idempotencyKey", idempotencyKey)));
        return Map.entry(job, true);
    }

    /** The Idempotency-Key header as given, once checked; null when none was sent. */
    static String idempotencyKey(String key) {
        if (key != null && (key.isEmpty() || key.length() > MAX_IDEMPOTENCY_KEY)) {
            throw ApiException.invalid("Idempotency-Key", "the Idempotency-Key header must have 1 to "
                    + MAX_IDEMPOTENCY_KEY + " characters");
        }
        return key;
    }

    /**
     * Runs the job's pending items as a new batch execution on this node, which must hold the job's lease: at
     * acceptance, at start-up for the jobs this node ran when it stopped, and for jobs taken over from a node that is
     * gone.
     */
    @Transactional
    public void start(String jobId) {
        if (!leases.starting(jobId)) {
            throw new IllegalStateException("bulk job " + jobId + " still has an execution on this node");
        }
        Properties parameters = new Properties();
        parameters.setProperty(JOB_PARAMETER, jobId);
        long execution;
        try {
            execution = operator().start(JOB_NAME, parameters);
        } catch (RuntimeException e) {
            leases.notStarted(jobId);
            throw e;
        }
        leases.started(jobId, execution);
        // One column, not the entity: writing the whole row back would undo a claim or counts committed meanwhile.
        em.createQuery("update BulkJob j set j.executionId = :execution where j.id = :id")
                .setParameter("execution", execution).setParameter("id", jobId).executeUpdate();
    }

    /** Asks an execution of this node to stop after its current chunk; one that has ended already is left alone. */
    void stop(long execution) {
        try {
            operator().stop(execution);
        } catch (JobExecutionNotRunningException | NoSuchJobExecutionException ended) {
            // Nothing left to stop.
        }
    }

    public BulkJob find(String workspaceId, String jobId) {
        return em.createQuery("select j from BulkJob j where j.id = :id and j.workspaceId = :ws", BulkJob.class)
                .setParameter("id", jobId).setParameter("ws", workspaceId)
                .getResultStream().findFirst()
                .orElseThrow(() -> ApiException.notFound("bulk job " + jobId));
    }

    public List<BulkItem> items(String jobId) {
        return em.createQuery("select i from BulkItem i where i.key.jobId = :job order by i.key.index", BulkItem.class)
                .setParameter("job", jobId).getResultList();
    }

    /**
     * The job with its results so far. Clients poll it while the job runs, so it reads only the columns it shows
     * (the codes' verdicts, not the codes), and reads them without a transaction to hold or entities to check.
     */
    public BulkView view(String workspaceId, String jobId) {
        BulkJob job = find(workspaceId, jobId);
        List<BulkItem> items = items(job.id());
        List<String> ids = items.stream().map(BulkItem::qrCodeId).filter(id -> id != null).toList();
        Map<String, QrCodes.Verdict> verdicts = qrCodes.verdicts(ids);
        Map<String, DynamicCodes.Link> links = job.kind() == BulkJob.Kind.DYNAMIC
                ? dynamicCodes.byQrCode(job.workspaceId(), ids) : Map.of();
        List<BulkView.Result> results = new ArrayList<>();
        List<BulkView.Failure> errors = new ArrayList<>();
        for (BulkItem item : items) {
            if (item.status() == BulkItem.Status.DONE) {
                // A code deleted since has no verdict left to show.
                QrCodes.Verdict verdict = item.qrCodeId() == null ? null : verdicts.get(item.qrCodeId());
                Safety safety = verdict == null ? null : verdict.safety();
                DynamicCodes.Link link = item.qrCodeId() == null ? null : links.get(item.qrCodeId());
                results.add(link == null ? new BulkView.Result(item.index(), item.qrCodeId(), item.filename(), safety)
                        : new BulkView.Result(item.index(), link.id(), item.filename(), safety, item.qrCodeId(),
                                link.shortCode(), verdict == null ? null : verdict.data()));
            } else if (item.status() == BulkItem.Status.FAILED) {
                errors.add(new BulkView.Failure(item.index(), item.errorField(), item.errorMessage()));
            }
        }
        return new BulkView(job.id(), job.kind().wireName(), job.status().name(), job.total(), job.succeeded(),
                job.failed(), results, errors, job.createdAt(), job.finishedAt());
    }

    /**
     * What became of an item: its code's record (null if it failed, or was deleted since), and for a dynamic job the
     * dynamic code it is the QR record of.
     */
    public record Made(BulkItem item, StoredCode code, DynamicCodes.Link link) {

        /** The link a dynamic code's image holds. */
        public String shortUrl() {
            return link == null || code == null ? null : code.spec().data();
        }
    }

    /** The finished job's items, for the archive; a job still running is CONFLICT. */
    @Transactional
    public Map.Entry<BulkJob, List<Made>> finished(String workspaceId, String jobId) {
        BulkJob job = find(workspaceId, jobId);
        if (job.status() == BulkJob.Status.STARTED) {
            throw new ApiException(ErrorCode.CONFLICT, null, "bulk job " + jobId + " is still running ("
                    + (job.succeeded() + job.failed()) + " of " + job.total() + " done); fetch the archive when its"
                    + " status is COMPLETED");
        }
        return Map.entry(job, made(job));
    }

    private List<Made> made(BulkJob job) {
        List<BulkItem> items = items(job.id());
        List<String> ids = items.stream().map(BulkItem::qrCodeId).filter(id -> id != null).toList();
        Map<String, StoredCode> codes = qrCodes.stored(ids);
        Map<String, DynamicCodes.Link> links = job.kind() == BulkJob.Kind.DYNAMIC
                ? dynamicCodes.byQrCode(job.workspaceId(), ids) : Map.of();
        // A pending or failed item has no code id, which immutable maps refuse to look up.
        return items.stream().map(item -> item.qrCodeId() == null ? new Made(item, null, null)
                : new Made(item, codes.get(item.qrCodeId()), links.get(item.qrCodeId()))).toList();
    }

    /** The bulk job a batch execution works for, from its job parameters. */
    static String jobId(JobContext context) {
        return operator().getParameters(context.getExecutionId()).getProperty(JOB_PARAMETER);
    }

    static JobOperator operator() {
        return BatchRuntime.getJobOperator();
    }

    static String nodeName() {
        return System.getProperty("jboss.node.name", "qrforge");
    }

    static String json(Object request) {
        try {
            return JSON.writeValueAsString(request);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a request record always serialises", e);
        }
    }

    static <T> T request(String json, Class<T> type) {
        try {
            return JSON.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored bulk items are always valid requests", e);
        }
    }
}
