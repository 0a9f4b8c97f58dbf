package dev.qrforge.security;

import dev.qrforge.platform.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import jakarta.transaction.TransactionalException;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Workspaces by name. Credentials from configuration and Keycloak tokens name their workspace; the first time a
 * name is seen it is created, so tenants are managed where the credentials are (configuration, Keycloak) and
 * nothing has to be registered here first. Names never change, so the name-to-id map is cached for good.
 */
@ApplicationScoped
public class Workspaces {

    /** The longest workspace name (the column's size). */
    public static final int MAX_NAME_LENGTH = 200;

    private final Map<String, String> idsByName = new ConcurrentHashMap<>();

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    Workspaces self;

    /** The id of the workspace called {@code name}, creating it the first time. */
    public String idOf(String name) {
        String cached = idsByName.get(name);
        if (cached != null) {
            return cached;
        }
        String id = self.find(name).orElseGet(() -> {
            try {
                return self.create(name);
            } catch (PersistenceException | TransactionalException raced) {
                // Another request or node created it first (unique name): theirs is the one.
                return self.find(name).orElseThrow(() -> raced);
            }
        });
        idsByName.put(name, id);
        return id;
    }

    /** Public for the transaction interceptor; use {@link #idOf}. */
    @Transactional
    public Optional<String> find(String name) {
        return em.createQuery("select w.id from Workspace w where w.name = :name", String.class)
                .setParameter("name", name).getResultStream().findFirst();
    }

    /** Public for the transaction interceptor; use {@link #idOf}. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public String create(String name) {
        Workspace created = new Workspace(Ids.next("ws_"), name, clock.instant());
        em.persist(created);
        em.flush();
        return created.id();
    }
}
