package dev.qrforge.webhook;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/** A workspace's subscription: where to deliver which events, and the secret that signs them. */
@Entity
@Table(name = "webhook")
public class Webhook {

    private static final String SEPARATOR = ",";

    @Id
    private String id;

    @Column(name = "workspace_id", nullable = false)
    private String workspaceId;

    @Column(nullable = false)
    private String url;

    @Column(nullable = false)
    private String events;

    private String description;

    @Column(nullable = false)
    private String secret;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    protected Webhook() {
    }

    Webhook(String id, String workspaceId, String url, List<EventType> events, String description, String secret,
            Instant createdAt) {
        this.id = id;
        this.workspaceId = workspaceId;
        change(url, events, description);
        this.secret = secret;
        this.createdAt = createdAt;
    }

    void change(String url, List<EventType> events, String description) {
        this.url = url;
        this.events = String.join(SEPARATOR, events.stream().map(EventType::wireName).toList());
        this.description = description;
    }

    void rotate(String secret) {
        this.secret = secret;
    }

    /** The JPQL condition "webhook {@code alias} subscribes to the event type bound to {@code parameter}". */
    static String subscribes(String alias, String parameter) {
        return alias + ".events like concat('%', :" + parameter + ", '%')";
    }

    String id() {
        return id;
    }

    String workspaceId() {
        return workspaceId;
    }

    String url() {
        return url;
    }

    List<String> events() {
        return Arrays.asList(events.split(SEPARATOR));
    }

    String description() {
        return description;
    }

    Instant createdAt() {
        return createdAt;
    }

    String secret() {
        return secret;
    }
}
