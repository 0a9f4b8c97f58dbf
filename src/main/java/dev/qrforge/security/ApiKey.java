package dev.qrforge.security;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/** A workspace API key as stored: its SHA-256 and a non-secret prefix, never the key itself. */
@Entity
@Table(name = "api_key")
public class ApiKey {

    private static final String SCOPE_SEPARATOR = " ";

    @Id
    private String id;

    @Column(name = "workspace_id", nullable = false)
    private String workspaceId;

    @Column(nullable = false)
    private String name;

    @Column(nullable = false)
    private String prefix;

    @Column(name = "secret_hash", nullable = false, unique = true)
    private String secretHash;

    @Column(nullable = false)
    private String scopes;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "expires_at")
    private Instant expiresAt;

    @Column(name = "revoked_at")
    private Instant revokedAt;

    @Column(name = "last_used_at")
    private Instant lastUsedAt;

    protected ApiKey() {
    }

    public ApiKey(String id, String workspaceId, String name, String prefix, String secretHash, Set<String> scopes,
            Instant createdAt, Instant expiresAt) {
        this.id = id;
        this.workspaceId = workspaceId;
        this.name = name;
        this.prefix = prefix;
        this.secretHash = secretHash;
        this.scopes = String.join(SCOPE_SEPARATOR, scopes.stream().sorted().toList());
        this.createdAt = createdAt;
        this.expiresAt = expiresAt;
    }

    public String id() {
        return id;
    }

    public String workspaceId() {
        return workspaceId;
    }

    public String name() {
        return name;
    }

    public String prefix() {
        return prefix;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public Instant expiresAt() {
        return expiresAt;
    }

    public Instant lastUsedAt() {
        return lastUsedAt;
    }

    public void revoke(Instant at) {
        revokedAt = at;
    }

    public String secretHash() {
        return secretHash;
    }

    public Set<String> scopes() {
        return Arrays.stream(scopes.split(SCOPE_SEPARATOR)).filter(s -> !s.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }

    public boolean usableAt(Instant now) {
        return revokedAt == null && (expiresAt == null || now.isBefore(expiresAt));
    }
}
