package dev.qrforge.bulk;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;

/** A bulk change sent with an Idempotency-Key: claimed while it is applied, then its answer (JSON). */
@Entity
@Table(name = "bulk_change")
public class BulkChange {

    @Embeddable
    public record Key(@Column(name = "workspace_id") String workspaceId,
            @Column(name = "idempotency_key") String idempotencyKey) implements Serializable {
    }

    @EmbeddedId
    private Key key;

    @Column
    private String answer;

    /** The fingerprint of the request the key was sent with (see {@link IdempotencyKeys}). */
    @Column(name = "request_hash")
    private String requestHash;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected BulkChange() {
    }

    BulkChange(String workspaceId, String idempotencyKey, String requestHash, Instant createdAt) {
        this.key = new Key(workspaceId, idempotencyKey);
        this.requestHash = requestHash;
        this.createdAt = createdAt;
    }

    String requestHash() {
        return requestHash;
    }

    String answer() {
        return answer;
    }

    void answered(String answer) {
        this.answer = answer;
    }
}
