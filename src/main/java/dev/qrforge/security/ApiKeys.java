package dev.qrforge.security;

import dev.qrforge.platform.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Stores and checks workspace API keys. Keys are high-entropy secrets, so one SHA-256 (not a slow password hash)
 * is the right protection at rest; the lookup goes by a non-secret prefix and the hashes are then compared in
 * constant time, so response timing says nothing about how close a guess was.
 */
@ApplicationScoped
public class ApiKeys {

    /** How many leading characters of a key are stored in clear to narrow the lookup. */
    static final int PREFIX_LENGTH = 12;

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    public Optional<Caller> authenticate(String presented) {
        if (presented.length() < PREFIX_LENGTH) {
            return Optional.empty();
        }
        byte[] hash = sha256(presented);
        Instant now = clock.instant();
        List<ApiKey> candidates = em.createQuery("select k from ApiKey k where k.prefix = :prefix", ApiKey.class)
                .setParameter("prefix", presented.substring(0, PREFIX_LENGTH))
                .getResultList();
        for (ApiKey key : candidates) {
            if (MessageDigest.isEqual(hash, HexFormat.of().parseHex(key.secretHash())) && key.usableAt(now)) {
                return Optional.of(new Caller(key.workspaceId(), key.id(), key.scopes()));
            }
        }
        return Optional.empty();
    }

    /**
     * Makes sure the workspace named {@code workspaceName} exists and holds {@code key} with every scope.
     * Idempotent, so every start (and every node) may call it.
     */
    @Transactional
    public void ensureKey(String workspaceName, String keyName, String key) {
        if (key.length() < PREFIX_LENGTH) {
            throw new IllegalArgumentException("an API key must have at least " + PREFIX_LENGTH + " characters");
        }
        String hash = HexFormat.of().formatHex(sha256(key));
        boolean present = !em.createQuery("select k.id from ApiKey k where k.secretHash = :hash", String.class)
                .setParameter("hash", hash).getResultList().isEmpty();
        if (present) {
            return;
        }
        Instant now = clock.instant();
        Workspace workspace = em.createQuery("select w from Workspace w where w.name = :name", Workspace.class)
                .setParameter("name", workspaceName).getResultStream().findFirst()
                .orElseGet(() -> {
                    Workspace created = new Workspace(Ids.next("ws_"), workspaceName, now);
                    em.persist(created);
                    return created;
                });
        em.persist(new ApiKey(Ids.next("key_"), workspace.id(), keyName, key.substring(0, PREFIX_LENGTH), hash,
                Scope.allNames(), now, null));
    }

    private static byte[] sha256(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
