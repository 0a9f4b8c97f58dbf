package dev.qrforge.security;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.Change;
import dev.qrforge.api.Cursor;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.Instants;
import dev.qrforge.api.Keyset;
import dev.qrforge.api.Where;
import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import dev.qrforge.platform.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Stores and checks workspace API keys. Keys are high-entropy secrets, so one SHA-256 (not a slow password hash)
 * is the right protection at rest; the lookup goes by a non-secret prefix and the hashes are then compared in
 * constant time, so response timing says nothing about how close a guess was. Every request looks its key up in the
 * database, so a revocation holds on every node from the next request on.
 */
@ApplicationScoped
public class ApiKeys {

    /** How many leading characters of a key are stored in clear to narrow the lookup. */
    static final int PREFIX_LENGTH = 12;
    static final String KEY_PREFIX = "qrk_";
    /** 256 bits: guessing is hopeless, and the key still fits a terminal's configuration field. */
    private static final int KEY_BYTES = 32;
    private static final int MAX_NAME_LENGTH = 200;
    /** lastUsedAt is a hint for administrators, not an audit log: one write a minute per key and node is enough. */
    private static final Duration LAST_USED_RESOLUTION = Duration.ofMinutes(1);
    private static final Logger LOG = Logger.getLogger(ApiKeys.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();
    /** What the audit log calls a key. */
    private static final String RESOURCE = "api_key";

    /**
     * Scopes a key gets only when they are asked for by name: administering keys and webhooks, erasing scan data and
     * reading the audit log, which a terminal's key rarely needs and should not hold by accident.
     */
    private static final List<String> ONLY_WHEN_ASKED = List.of(Scope.KEYS_ADMIN.wireName(),
            Scope.ANALYTICS_ERASE.wireName(), Scope.AUDIT_READ.wireName());

    private final Map<String, Instant> lastUsedRecorded = new ConcurrentHashMap<>();

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    Workspaces workspaces;

    @Inject
    ApiKeys self;

    @Inject
    Event<Change> changes;

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
                recordUse(key.id(), now);
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
        em.persist(new ApiKey(Ids.next("key_"), workspaces.idOf(workspaceName), keyName,
                key.substring(0, PREFIX_LENGTH), hash, Scope.allNames(), clock.instant(), null));
        // A node starting beside another may lose the race to store the same key: flushed here, the duplicate is a
        // PersistenceException the caller can catch, not a checked RollbackException escaping from the commit.
        em.flush();
    }

    /**
     * Issues a key in the caller's workspace. The caller can hand on only scopes it holds; without {@code scopes}
     * the key gets all of them but those given only when asked for ({@code keys:admin}, {@code analytics:erase},
     * {@code audit:read}).
     */
    @Transactional
    public ApiKeyView create(Caller caller, ApiKeyRequest request) {
        String name = request.name() == null ? "" : request.name().strip();
        if (name.isEmpty() || name.length() > MAX_NAME_LENGTH) {
            throw ApiException.invalid("name", "name is required: 1 to " + MAX_NAME_LENGTH + " characters");
        }
        Set<String> scopes = scopes(caller, request.scopes());
        Instant now = clock.instant();
        Instant expiresAt = null;
        if (request.expiresAt() != null) {
            expiresAt = Instants.parse("expiresAt", request.expiresAt());
            if (!expiresAt.isAfter(now)) {
                throw ApiException.invalid("expiresAt", "expiresAt must be in the future");
            }
        }
        byte[] secret = new byte[KEY_BYTES];
        RANDOM.nextBytes(secret);
        String key = KEY_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        ApiKey stored = new ApiKey(Ids.next("key_"), caller.workspaceId(), name, key.substring(0, PREFIX_LENGTH),
                HexFormat.of().formatHex(sha256(key)), scopes, now, expiresAt);
        em.persist(stored);
        changes.fire(Change.created(caller.workspaceId(), RESOURCE, stored.id(), audited(stored).secret("key", key)));
        return ApiKeyView.of(stored, key);
    }

    private static Set<String> scopes(Caller caller, List<String> requested) {
        if (requested == null) {
            Set<String> scopes = new TreeSet<>(caller.scopes());
            scopes.removeAll(ONLY_WHEN_ASKED);
            if (scopes.isEmpty()) {
                throw ApiException.invalid("scopes", "name the scopes the key gets: this credential holds only "
                        + String.join(" and ", ONLY_WHEN_ASKED) + ", which a key gets only when asked for");
            }
            return scopes;
        }
        if (requested.isEmpty()) {
            throw ApiException.invalid("scopes", "a key needs at least one scope; allowed: " + Scope.allNamesText());
        }
        Set<String> scopes = new LinkedHashSet<>();
        for (int i = 0; i < requested.size(); i++) {
            String scope = requested.get(i);
            String field = "scopes[" + i + "]";
            if (scope == null || !Scope.allNames().contains(scope)) {
                throw ApiException.invalid(field, "unknown scope '" + scope + "'; allowed: " + Scope.allNamesText());
            }
            if (!caller.scopes().contains(scope)) {
                throw new ApiException(ErrorCode.FORBIDDEN, field, "this credential does not hold scope " + scope
                        + ", so it cannot grant it");
            }
            scopes.add(scope);
        }
        return scopes;
    }

    /** The workspace's usable and expired keys, newest first; revoked keys are gone. */
    @Transactional
    public Page<ApiKeyView> list(String workspaceId, PageRequest page) {
        return Keyset.newestFirst(em, ApiKey.class, new Where().and("e.revokedAt is null"), workspaceId, page,
                key -> new Cursor(key.createdAt(), key.id()),
                keys -> keys.stream().map(key -> ApiKeyView.of(key, null)).toList());
    }

    /** Revokes a key of the workspace; an unknown, foreign or already revoked id is NOT_FOUND. */
    @Transactional
    public void revoke(String workspaceId, String id) {
        ApiKey key = em.createQuery("select k from ApiKey k where k.id = :id and k.workspaceId = :ws"
                        + " and k.revokedAt is null", ApiKey.class)
                .setParameter("id", id).setParameter("ws", workspaceId).getResultStream().findFirst()
                .orElseThrow(() -> ApiException.notFound("API key " + id));
        key.revoke(clock.instant());
        changes.fire(Change.of(workspaceId, Change.REVOKE, RESOURCE, id, audited(key), Change.Fields.NONE));
    }

    /** A key's fields as the audit log records them; its secret only by {@link Change.Fields#secret}. */
    private static Change.Fields audited(ApiKey key) {
        ApiKeyView view = ApiKeyView.of(key, null);
        return Change.Fields.of().with("name", view.name()).with("prefix", view.prefix())
                .with("scopes", view.scopes()).with("expiresAt", view.expiresAt());
    }

    private void recordUse(String keyId, Instant now) {
        Instant recorded = lastUsedRecorded.get(keyId);
        if (recorded != null && recorded.plus(LAST_USED_RESOLUTION).isAfter(now)) {
            return;
        }
        lastUsedRecorded.put(keyId, now);
        try {
            self.markUsed(keyId, now);
        } catch (PersistenceException | jakarta.transaction.TransactionalException e) {
            // Only the hint is lost; the request itself is authenticated.
            LOG.log(Level.WARNING, "could not record the use of API key " + keyId, e);
        }
    }

    /** Public for the transaction interceptor. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void markUsed(String keyId, Instant at) {
        em.createQuery("update ApiKey k set k.lastUsedAt = :at where k.id = :id")
                .setParameter("at", at).setParameter("id", keyId).executeUpdate();
    }

    private static byte[] sha256(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
