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

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected BulkChange() {
    }

    BulkChange(String workspaceId, String idempotencyKey, Instant createdAt) {
        this.key = new Key(workspaceId, idempotencyKey);
        this.createdAt = createdAt;
    }

    String answer() {
        return answer;
    }

    void answered(String answer) {
        this.answer = answer;
    }
}
