package dev.qrforge.campaign;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Locale;

/** A campaign as stored ({@link Campaigns}). */
@Entity
@Table(name = "campaign")
class Campaign {

    @Id
    private String id;

    @Column(name = "workspace_id", nullable = false)
    private String workspaceId;

    @Column(nullable = false)
    private String name;

    /** The name lower-cased, which the workspace's unique index holds: names differ by more than case. */
    @Column(name = "name_key", nullable = false)
    private String nameKey;

    private String description;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    protected Campaign() {
    }

    Campaign(String id, String workspaceId, Instant createdAt) {
        this.id = id;
        this.workspaceId = workspaceId;
        this.createdAt = createdAt;
    }

    void set(String name, String description, Instant at) {
        this.name = name;
        this.nameKey = key(name);
        this.description = description;
        this.updatedAt = at;
    }

    static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    String id() {
        return id;
    }

    String name() {
        return name;
    }

    String description() {
        return description;
    }

    Instant createdAt() {
        return createdAt;
    }

    CampaignView view(long codes) {
        return new CampaignView(id, name, description, codes, createdAt, updatedAt);
    }
}
