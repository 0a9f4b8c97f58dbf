package dev.qrforge.qr;

import dev.qrforge.images.ImageFile;
import dev.qrforge.platform.StoredTime;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.Optional;

/** The logo files each workspace has sent, by SHA-256. */
@ApplicationScoped
public class WorkspaceLogos {

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    private final Object keeping = new Object();

    /** This bean through its proxy, so that {@link #insert}'s own transaction applies. */
    @Inject
    WorkspaceLogos self;

    /** A reader of inline logos and of this workspace's kept ones, for one request. */
    public LogoReader reader(String workspaceId) {
        return new LogoReader(sha256 -> find(workspaceId, sha256));
    }

    Optional<byte[]> find(String workspaceId, String sha256) {
        return Optional.ofNullable(em.find(QrLogo.class, new QrLogo.Key(workspaceId, sha256))).map(QrLogo::content);
    }

    /**
     * Keeps a logo unless the workspace already has it. In a transaction of its own, so that two requests sending
     * the same new logo at once cannot fail each other's code: the second insert's conflict stays in here.
     */
    public void keep(String workspaceId, ImageFile logo) {
        // On this node requests keep logos in turns, each insert committed before the next looks: the same new logo
        // sent twice at once is then found by the second instead of conflicting with the first. (The fuzzing stage
        // saw such a conflict end in a 201 for a template that was never stored.) Nodes can still meet on the key,
        // which the catch below answers.
        synchronized (keeping) {
            if (find(workspaceId, logo.sha256()).isPresent()) {
                return;
            }
            try {
                self.insert(workspaceId, logo);
            } catch (RuntimeException conflict) {
                if (find(workspaceId, logo.sha256()).isEmpty()) {
                    throw conflict;
                }
            }
        }
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    void insert(String workspaceId, ImageFile logo) {
        em.persist(new QrLogo(new QrLogo.Key(workspaceId, logo.sha256()), logo.bytes(), StoredTime.now(clock)));
        em.flush();
    }
}
