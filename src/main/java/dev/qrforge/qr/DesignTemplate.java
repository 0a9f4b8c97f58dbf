package dev.qrforge.qr;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.JsonConfig;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A design a workspace saved under a name, to start codes from ({@link DesignTemplates}). */
@Entity
@Table(name = "design_template")
class DesignTemplate {

    private static final ObjectMapper JSON = JsonConfig.build();

    @Id
    private String id;

    @Column(name = "workspace_id", nullable = false)
    private String workspaceId;

    @Column(nullable = false)
    private String name;

    /** The {@link DesignJson} as saved, its logo by reference. */
    @Column(nullable = false)
    private String design;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    protected DesignTemplate() {
    }

    DesignTemplate(String id, String workspaceId, Instant createdAt) {
        this.id = id;
        this.workspaceId = workspaceId;
        this.createdAt = createdAt;
    }

    void set(String name, DesignJson design, Instant at) {
        this.name = name;
        try {
            this.design = JSON.writeValueAsString(design);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a design record is always JSON", e);
        }
        this.updatedAt = at;
    }

    String id() {
        return id;
    }

    Instant createdAt() {
        return createdAt;
    }

    String name() {
        return name;
    }

    DesignJson design() {
        try {
            return JSON.readValue(design, DesignJson.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the stored design of template " + id
                    + " is not the JSON this service wrote", e);
        }
    }

    TemplateView view() {
        return new TemplateView(id, name, design(), createdAt, updatedAt);
    }
}
