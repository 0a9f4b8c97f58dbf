package dev.qrforge.domain;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.Change;
import dev.qrforge.api.Cursor;
import dev.qrforge.api.ErrorCode;
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
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.net.URI;
import java.time.Clock;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A workspace's custom domains: registered (pending, with a token), verified by {@link DomainVerifier}, listed,
 * deleted unless something still uses them ({@link DomainDeleting}); and the check dynamic codes make of the domain
 * they name ({@link #usable}).
 */
@ApplicationScoped
public class Domains {

    /** What the audit log calls a custom domain. */
    private static final String RESOURCE = "domain";
    /** 32 base62 characters: 190 bits, beyond guessing, and safe in a DNS TXT value and a URL path alike. */
    static final int TOKEN_LENGTH = 32;

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    DomainVerifier verifier;

    @Inject
    Event<Change> audit;

    @Inject
    Event<DomainChanged> changes;

    @Inject
    Event<DomainDeleting> deleting;

    @Inject
    @ConfigProperty(name = "qrforge.public-base-url")
    Optional<String> publicBaseUrl;

    /**
     * Registers a host as pending. The default domain (QRFORGE_PUBLIC_BASE_URL's host, else the host this request
     * came in on) is not a custom domain; a host another workspace registered is taken (409).
     */
    @Transactional
    public DomainView create(String workspaceId, DomainRequest request, URI requestBase) {
        if (request == null) {
            throw new ApiException(ErrorCode.INVALID_JSON, null,
                    "the request body must be a JSON object, e.g. {\"host\": \"go.example.com\"}");
        }
        String host = Hosts.canonical("host", request.host());
        String defaultHost = publicBaseUrl.filter(url -> !url.isBlank()).map(URI::create).map(URI::getHost)
                .orElse(requestBase.getHost());
        if (defaultHost != null && host.equals(Hosts.ofRequest(defaultHost))) {
            throw ApiException.invalid("host", "host " + host + " is the service's default domain, which every"
                    + " code uses already; a custom domain is another host");
        }
        if (!em.createQuery("select d.id from Domain d where d.host = :host", String.class).setParameter("host", host)
                .setMaxResults(1).getResultList().isEmpty()) {
            throw taken(host);
        }
        Domain domain = new Domain(Ids.next("dom_"), workspaceId, host, Ids.randomBase62(TOKEN_LENGTH),
                StoredTime.now(clock));
        em.persist(domain);
        try {
            em.flush();
        } catch (PersistenceException e) {
            throw taken(host);
        }
        audit.fire(Change.created(workspaceId, RESOURCE, domain.id(), audited(domain)));
        return view(domain);
    }

    private static ApiException taken(String host) {
        return new ApiException(ErrorCode.CONFLICT, "host", "host " + host + " is already registered");
    }

    @Transactional
    public Page<DomainView> list(String workspaceId, PageRequest page) {
        return Keyset.newestFirst(em, Domain.class, new Where(), workspaceId, page,
                domain -> new Cursor(domain.createdAt(), domain.id()),
                domains -> domains.stream().map(this::view).toList());
    }

    @Transactional
    public DomainView get(String workspaceId, String id) {
        return view(find(workspaceId, id));
    }

    /**
     * Records a verification attempt's outcome; a domain that became verified meanwhile stays so. The attempt itself
     * runs outside any transaction ({@code DomainResource.verify}), since it waits on DNS and HTTP.
     */
    @Transactional
    DomainView record(String workspaceId, String id, DomainCheck check) {
        Domain domain = find(workspaceId, id);
        if (domain.verified()) {
            return view(domain);
        }
        Change.Fields before = audited(domain);
        domain.checked(StoredTime.now(clock), check);
        audit.fire(Change.of(workspaceId, Change.UPDATE, RESOURCE, id, before, audited(domain)));
        if (domain.verified()) {
            // Nodes that took the host for an unknown one (the default domain) learn otherwise.
            changes.fire(new DomainChanged(domain.host()));
        }
        return view(domain);
    }

    /** Deletes the domain, unless a feature still using it refuses ({@link DomainDeleting}). */
    @Transactional
    public void delete(String workspaceId, String id) {
        Domain domain = find(workspaceId, id);
        deleting.fire(new DomainDeleting(workspaceId, domain.id(), domain.host()));
        audit.fire(Change.of(workspaceId, Change.DELETE, RESOURCE, id, audited(domain), Change.Fields.NONE));
        em.remove(domain);
        changes.fire(new DomainChanged(domain.host()));
    }

    /**
     * The workspace's verified domain of this host, for a dynamic code to use; else 422 on {@code field}: a host
     * nobody registered and another workspace's are answered alike, so a workspace learns nothing of the others'.
     */
    // A refusal changes nothing, so it leaves the caller's transaction (a bulk job's chunk) to go on.
    @Transactional(dontRollbackOn = ApiException.class)
    public UsableDomain usable(String workspaceId, String field, String requested) {
        String host = Hosts.canonical(field, requested);
        Domain domain = em.createQuery("select d from Domain d where d.host = :host and d.workspaceId = :ws",
                        Domain.class).setParameter("host", host).setParameter("ws", workspaceId)
                .getResultStream().findFirst()
                .orElseThrow(() -> new ApiException(ErrorCode.UNPROCESSABLE, field, field + " " + host
                        + " is not one of this workspace's domains; register it at POST /api/v1/domains first"));
        if (!domain.verified()) {
            throw new ApiException(ErrorCode.UNPROCESSABLE, field, field + " " + host + " is not verified yet;"
                    + " set up its TXT record or HTTP challenge and POST /api/v1/domains/" + domain.id() + "/verify");
        }
        return new UsableDomain(domain.id(), domain.host());
    }

    /** Whether {@code token} is a pending domain's, whose HTTP challenge this service then answers. */
    @Transactional
    boolean pendingToken(String token) {
        return !em.createQuery("select d.id from Domain d where d.verificationToken = :token and d.status = :status",
                        String.class).setParameter("token", token)
                .setParameter("status", DomainStatus.PENDING.wireName()).setMaxResults(1).getResultList().isEmpty();
    }

    private DomainView view(Domain domain) {
        return DomainView.of(domain, verifier.httpPort());
    }

    /** The fields the audit log compares: the token is a public challenge, not a secret, but it never changes. */
    private static Change.Fields audited(Domain domain) {
        return Change.Fields.of().with("host", domain.host()).with("status", domain.status())
                .with("verifiedBy", domain.verifiedBy());
    }

    /** Another workspace's domain is not found, exactly like one that does not exist. */
    private Domain find(String workspaceId, String id) {
        return em.createQuery("select d from Domain d where d.id = :id and d.workspaceId = :ws", Domain.class)
                .setParameter("id", id).setParameter("ws", workspaceId).getResultStream().findFirst()
                .orElseThrow(() -> ApiException.notFound("domain " + id));
    }
}
