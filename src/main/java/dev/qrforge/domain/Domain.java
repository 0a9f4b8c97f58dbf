package dev.qrforge.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A workspace's custom domain as stored: its host, whether it is verified yet, and how the last check went. */
@Entity
@Table(name = "custom_domain")
public class Domain {

    @Id
    private String id;

    @Column(name = "workspace_id", nullable = false)
    private String workspaceId;

    @Column(nullable = false, updatable = false)
    private String host;

    @Column(nullable = false)
    private String status;

    @Column(name = "verification_token", nullable = false, updatable = false)
    private String verificationToken;

    @Column(name = "verified_at")
    private Instant verifiedAt;

    /** {@code dns} or {@code http}: which challenge proved it. */
    @Column(name = "verified_by")
    private String verifiedBy;

    @Column(name = "last_checked_at")
    private Instant lastCheckedAt;

    /** Why the last check failed, in words for the owner; null after a success or before any check. */
    @Column(name = "last_error")
    private String lastError;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected Domain() {
    }

    Domain(String id, String workspaceId, String host, String verificationToken, Instant createdAt) {
        this.id = id;
        this.workspaceId = workspaceId;
        this.host = host;
        this.status = DomainStatus.PENDING.wireName();
        this.verificationToken = verificationToken;
        this.createdAt = createdAt;
    }

    void checked(Instant at, DomainCheck check) {
        lastCheckedAt = at;
        if (check.passedBy() != null) {
            status = DomainStatus.VERIFIED.wireName();
            verifiedAt = at;
            verifiedBy = check.passedBy();
            lastError = null;
        } else {
            lastError = check.failure();
        }
    }

    String id() {
        return id;
    }

    String workspaceId() {
        return workspaceId;
    }

    String host() {
        return host;
    }

    boolean verified() {
        return DomainStatus.VERIFIED.wireName().equals(status);
    }

    String status() {
        return status;
    }

    String verificationToken() {
        return verificationToken;
    }

    Instant verifiedAt() {
        return verifiedAt;
    }

    String verifiedBy() {
        return verifiedBy;
    }

    Instant lastCheckedAt() {
        return lastCheckedAt;
    }

    String lastError() {
        return lastError;
    }

    Instant createdAt() {
        return createdAt;
    }
}
