package dev.qrforge.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.Change;
import dev.qrforge.api.Cursor;
import dev.qrforge.api.MergePatch;
import dev.qrforge.api.Keyset;
import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import dev.qrforge.api.Where;
import dev.qrforge.platform.Ids;
import dev.qrforge.platform.StoredTime;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A workspace's webhooks: created with their secret, listed, read, changed, their secret rotated, deleted with their
 * pending deliveries.
 */
@ApplicationScoped
public class Webhooks {

    static final String SECRET_PREFIX = "whsec_";
    /** 32 base62 characters: 190 bits, beyond guessing. */
    private static final int SECRET_LENGTH = 32;
    private static final int MAX_DESCRIPTION_LENGTH = 500;
    /** What the audit log calls a webhook. */
    private static final String RESOURCE = "webhook";
    private static final List<String> PATCH_FIELDS = List.of("url", "events", "description");

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    WebhookTargets targets;

    @Inject
    Outbox outbox;

    @Inject
    Event<Change> changes;

    /** Checks the request (the target resolved and checked against SSRF) and stores the webhook. */
    @Transactional
    public WebhookView create(String workspaceId, WebhookRequest request) {
        String secret = newSecret();
        Webhook webhook = new Webhook(Ids.next("wh_"), workspaceId, target(request.url()), events(request.events()),
                description(request.description()), secret, StoredTime.now(clock));
        em.persist(webhook);
        changes.fire(Change.created(workspaceId, RESOURCE, webhook.id(), audited(webhook)));
        return WebhookView.of(webhook, secret);
    }

    /**
     * Changes the url, events or description by a JSON merge patch (RFC 7396): a new url is checked as at creation,
     * {@code events: null} subscribes to every event type, {@code description: null} clears it. The secret stays.
     */
    @Transactional
    public WebhookView patch(String workspaceId, String id, JsonNode patch) {
        Iterable<Map.Entry<String, JsonNode>> fields = MergePatch.fields(patch, PATCH_FIELDS);
        Webhook webhook = find(workspaceId, id);
        Change.Fields before = audited(webhook);
        WebhookView now = WebhookView.of(webhook, null);
        String url = now.url();
        List<String> events = now.events();
        String description = now.description();
        for (Map.Entry<String, JsonNode> field : fields) {
            JsonNode value = field.getValue();
            switch (field.getKey()) {
                case "url" -> url = target(MergePatch.text("url", value));
                case "events" -> events = value.isNull() ? null : texts(value);
                case "description" -> description = MergePatch.optional(value, "description", text -> text);
            }
        }
        webhook.change(url, events(events), description(description));
        changes.fire(Change.of(workspaceId, Change.UPDATE, RESOURCE, id, before, audited(webhook)));
        return WebhookView.of(webhook, null);
    }

    /**
     * Replaces the webhook's signing secret, answered once like at creation; deliveries from now on, retries of
     * earlier events included, are signed with the new one.
     */
    @Transactional
    public WebhookView rotateSecret(String workspaceId, String id) {
        Webhook webhook = find(workspaceId, id);
        Change.Fields before = audited(webhook);
        String secret = newSecret();
        webhook.rotate(secret);
        changes.fire(Change.of(workspaceId, Change.UPDATE, RESOURCE, id, before, audited(webhook)));
        return WebhookView.of(webhook, secret);
    }

    private static String newSecret() {
        return SECRET_PREFIX + Ids.randomBase62(SECRET_LENGTH);
    }

    /** A target url, resolved and checked against SSRF. */
    private String target(String url) {
        try {
            targets.check(url);
        } catch (TargetRefused e) {
            throw ApiException.invalid("url", e.getMessage());
        }
        return url;
    }

    private static String description(String requested) {
        String description = requested == null ? null : requested.strip();
        if (description != null && description.length() > MAX_DESCRIPTION_LENGTH) {
            throw ApiException.invalid("description", "description must be at most " + MAX_DESCRIPTION_LENGTH
                    + " characters");
        }
        return description == null || description.isEmpty() ? null : description;
    }

    private static List<String> texts(JsonNode value) {
        if (!value.isArray()) {
            throw ApiException.invalid("events", "events must be an array of event types, or null for all of them");
        }
        List<String> names = new ArrayList<>();
        value.forEach(name -> names.add(MergePatch.text("events", name)));
        return names;
    }

    private static List<EventType> events(List<String> requested) {
        if (requested == null) {
            return List.of(EventType.values());
        }
        if (requested.isEmpty()) {
            throw ApiException.invalid("events", "events must name at least one event type; allowed: "
                    + String.join(", ", EventType.allWireNames()) + " (leave it out for all of them)");
        }
        List<EventType> events = new ArrayList<>();
        for (String name : requested) {
            EventType type = EventType.of(name).orElseThrow(() -> ApiException.invalid("events",
                    "unknown event type '" + name + "'; allowed: " + String.join(", ", EventType.allWireNames())));
            if (!events.contains(type)) {
                events.add(type);
            }
        }
        return events;
    }

    @Transactional
    public Page<WebhookView> list(String workspaceId, PageRequest page) {
        return Keyset.newestFirst(em, Webhook.class, new Where(), workspaceId, page,
                webhook -> new Cursor(webhook.createdAt(), webhook.id()),
                webhooks -> webhooks.stream().map(webhook -> WebhookView.of(webhook, null)).toList());
    }

    @Transactional
    public WebhookView get(String workspaceId, String id) {
        return WebhookView.of(find(workspaceId, id), null);
    }

    /** Deletes the webhook; its deliveries, pending or not, go with it (the table cascades). */
    @Transactional
    public void delete(String workspaceId, String id) {
        Webhook webhook = find(workspaceId, id);
        changes.fire(Change.of(workspaceId, Change.DELETE, RESOURCE, id, audited(webhook), Change.Fields.NONE));
        em.remove(webhook);
    }

    /** A webhook's fields as the audit log records them, the secret that signs its deliveries never. */
    private static Change.Fields audited(Webhook webhook) {
        WebhookView view = WebhookView.of(webhook, null);
        return Change.Fields.of().with("url", view.url()).with("events", view.events())
                .with("description", view.description()).secret("secret", webhook.secret());
    }

    @Transactional
    public DeliveryList deliveries(String workspaceId, String id, PageRequest page) {
        return new DeliveryList(outbox.recent(find(workspaceId, id).id(), page.limit()));
    }

    /** Another workspace's webhook is not found, exactly like one that does not exist. */
    private Webhook find(String workspaceId, String id) {
        return em.createQuery("select w from Webhook w where w.id = :id and w.workspaceId = :ws", Webhook.class)
                .setParameter("id", id).setParameter("ws", workspaceId).getResultStream().findFirst()
                .orElseThrow(() -> ApiException.notFound("webhook " + id));
    }
}
