package dev.qrforge.security;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** The tenant: every code, key and scan belongs to exactly one workspace. */
@Entity
@Table(name = "workspace")
public class Workspace {

    @Id
    private String id;

    @Column(nullable = false, unique = true)
    private String name;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected Workspace() {
    }

    public Workspace(String id, String name, Instant createdAt) {
        this.id = id;
        this.name = name;
        this.createdAt = createdAt;
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }
}
