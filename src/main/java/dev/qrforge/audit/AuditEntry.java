package dev.qrforge.audit;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** One recorded change; never changed once written, removed only by {@link AuditRetention}. */
@Entity
@Table(name = "audit_entry")
class AuditEntry {

    @Id
    private String id;

    @Column(name = "workspace_id", nullable = false)
    private String workspaceId;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(nullable = false)
    private String actor;

    @Column(nullable = false)
    private String action;

    @Column(name = "resource_type", nullable = false)
    private String resourceType;

    @Column(name = "resource_id", nullable = false)
    private String resourceId;

    @Column(name = "before_fields", nullable = false)
    private String before;

    @Column(name = "after_fields", nullable = false)
    private String after;

    private String address;

    @Column(name = "request_id")
    private String requestId;

    protected AuditEntry() {
    }

    AuditEntry(String id, String workspaceId, Instant createdAt, String actor, String action, String resourceType,
            String resourceId, String before, String after, String address, String requestId) {
        this.id = id;
        this.workspaceId = workspaceId;
        this.createdAt = createdAt;
        this.actor = actor;
        this.action = action;
        this.resourceType = resourceType;
        this.resourceId = resourceId;
        this.before = before;
        this.after = after;
        this.address = address;
        this.requestId = requestId;
    }

    String id() {
        return id;
    }

    Instant createdAt() {
        return createdAt;
    }

    String actor() {
        return actor;
    }

    String action() {
        return action;
    }

    String resourceType() {
        return resourceType;
    }

    String resourceId() {
        return resourceId;
    }

    String before() {
        return before;
    }

    String after() {
        return after;
    }

    String address() {
        return address;
    }

    String requestId() {
        return requestId;
    }
}
