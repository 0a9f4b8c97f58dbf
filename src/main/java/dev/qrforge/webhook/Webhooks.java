package dev.qrforge.webhook;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.Cursor;
import dev.qrforge.api.Keyset;
import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import dev.qrforge.api.Where;
import dev.qrforge.platform.Ids;
import dev.qrforge.platform.StoredTime;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/** A workspace's webhooks: created with their secret, listed, read, deleted with their pending deliveries. */
@ApplicationScoped
public class Webhooks {

    static final String SECRET_PREFIX = "whsec_";
    /** 32 base62 characters: 190 bits, beyond guessing. */
    private static final int SECRET_LENGTH = 32;
    private static final int MAX_DESCRIPTION_LENGTH = 500;

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    WebhookTargets targets;

    @Inject
    Outbox outbox;

    /** Checks the request (the target resolved and checked against SSRF) and stores the webhook. */
    @Transactional
    public WebhookView create(String workspaceId, WebhookRequest request) {
        try {
            targets.check(request.url());
        } catch (TargetRefused e) {
            throw ApiException.invalid("url", e.getMessage());
        }
        String description = request.description() == null ? null : request.description().strip();
        if (description != null && description.length() > MAX_DESCRIPTION_LENGTH) {
            throw ApiException.invalid("description", "description must be at most " + MAX_DESCRIPTION_LENGTH
                    + " characters");
        }
        String secret = SECRET_PREFIX + Ids.randomBase62(SECRET_LENGTH);
        Webhook webhook = new Webhook(Ids.next("wh_"), workspaceId, request.url(), events(request.events()),
                description == null || description.isEmpty() ? null : description, secret, StoredTime.now(clock));
        em.persist(webhook);
        return WebhookView.of(webhook, secret);
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
        em.remove(find(workspaceId, id));
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
