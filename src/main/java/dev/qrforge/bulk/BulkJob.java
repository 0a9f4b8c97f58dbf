package dev.qrforge.bulk;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A bulk generation request of a workspace and how far it got. */
@Entity
@Table(name = "bulk_job")
public class BulkJob {

    /** {@code STARTED} until every item is done, then {@code COMPLETED}; {@code FAILED} if the batch job failed. */
    public enum Status { STARTED, COMPLETED, FAILED }

    /** What the job makes: static codes ({@code POST /api/v1/qr/bulk}) or dynamic ones ({@code /api/v1/dynamic/bulk}). */
    public enum Kind {
        STATIC, DYNAMIC;

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    @Id
    private String id;

    @Column(name = "workspace_id", nullable = false)
    private String workspaceId;

    @Column(nullable = false)
    private String status;

    @Column(nullable = false)
    private String kind;

    @Column(nullable = false)
    private int total;

    @Column(nullable = false)
    private int succeeded;

    @Column(nullable = false)
    private int failed;

    @Column(name = "idempotency_key")
    private String idempotencyKey;

    /** The fingerprint of the request the key was sent with (see {@link IdempotencyKeys}). */
    @Column(name = "request_hash")
    private String requestHash;

    /** The latest batch execution of the job, on its node: where to look in the batch job repository. */
    @Column(name = "execution_id")
    private Long executionId;

    @Column(name = "node_name", nullable = false)
    private String nodeName;

    /** Until when {@code nodeName} holds the job (see {@link BulkLeases}). */
    @Column(name = "lease_until", nullable = false)
    private Instant leaseUntil;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "finished_at")
    private Instant finishedAt;

    protected BulkJob() {
    }

    BulkJob(String id, String workspaceId, Kind kind, int total, String idempotencyKey, String requestHash,
            String nodeName, Instant createdAt, Instant leaseUntil) {
        this.id = id;
        this.nodeName = nodeName;
        this.leaseUntil = leaseUntil;
        this.workspaceId = workspaceId;
        this.status = Status.STARTED.name();
        this.kind = kind.wireName();
        this.total = total;
        this.idempotencyKey = idempotencyKey;
        this.requestHash = requestHash;
        this.createdAt = createdAt;
    }

    String requestHash() {
        return requestHash;
    }

    public String workspaceId() {
        return workspaceId;
    }

    public String id() {
        return id;
    }

    public Status status() {
        return Status.valueOf(status);
    }

    public Kind kind() {
        return Kind.valueOf(kind.toUpperCase(java.util.Locale.ROOT));
    }

    public int total() {
        return total;
    }

    public int succeeded() {
        return succeeded;
    }

    public int failed() {
        return failed;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant finishedAt() {
        return finishedAt;
    }
}
