package dev.qrforge.qr;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.Cursor;
import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import dev.qrforge.platform.Ids;
import dev.qrforge.render.DataTooLongException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.List;

/** Static QR codes of a workspace: generate and keep, find, list. */
@ApplicationScoped
public class QrCodes {

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    /** A stored code together with the rendering made for it. */
    public record Created(QrCode code, GeneratedCode rendering) {
    }

    @Transactional
    public Created create(String workspaceId, CodeSpec spec) {
        GeneratedCode rendering = render(spec);
        // Both databases keep microseconds; truncating here keeps cursors exact.
        QrCode code = new QrCode(Ids.next("qr_"), workspaceId, spec, rendering.safety(),
                clock.instant().truncatedTo(ChronoUnit.MICROS));
        em.persist(code);
        return new Created(code, rendering);
    }

    /** Renders a code, turning "does not fit in any QR version" into the caller's error on {@code data}. */
    public static GeneratedCode render(CodeSpec spec) {
        try {
            return CodeGenerator.generate(spec);
        } catch (DataTooLongException e) {
            throw ApiException.invalid("data", "data is too long for a QR code: at most " + e.maxBinaryBytes()
                    + " bytes fit at error correction level " + e.errorCorrection()
                    + "; shorten it or choose a lower errorCorrection");
        }
    }

    /** The record with its image: {@code svg}, or {@code png} as base64. */
    public static QrView withImage(QrCode code, GeneratedCode rendering) {
        QrView bare = code.view();
        String png = rendering.png() == null ? null : Base64.getEncoder().encodeToString(rendering.png());
        return new QrView(bare.id(), bare.format(), bare.size(), bare.margin(), bare.errorCorrection(), bare.data(),
                bare.design(), rendering.svg(), png, bare.safety(), bare.createdAt());
    }

    /** The workspace's code with this id; another workspace's id is reported exactly like an unknown one. */
    public QrCode find(String workspaceId, String id) {
        return em.createQuery("select q from QrCode q where q.id = :id and q.workspaceId = :ws", QrCode.class)
                .setParameter("id", id).setParameter("ws", workspaceId)
                .getResultStream().findFirst()
                .orElseThrow(() -> ApiException.notFound("QR code " + id));
    }

    /** Newest first. */
    public Page<QrView> list(String workspaceId, PageRequest page) {
        TypedQuery<QrCode> query;
        if (page.after() == null) {
            query = em.createQuery("select q from QrCode q where q.workspaceId = :ws"
                    + " order by q.createdAt desc, q.id desc", QrCode.class);
        } else {
            query = em.createQuery("select q from QrCode q where q.workspaceId = :ws and (q.createdAt < :at"
                    + " or (q.createdAt = :at and q.id < :id)) order by q.createdAt desc, q.id desc", QrCode.class)
                    .setParameter("at", page.after().createdAt())
                    .setParameter("id", page.after().id());
        }
        List<QrCode> rows = query.setParameter("ws", workspaceId).setMaxResults(page.limit() + 1).getResultList();
        List<QrCode> items = rows.subList(0, Math.min(page.limit(), rows.size()));
        String next = rows.size() > page.limit()
                ? new Cursor(items.get(items.size() - 1).createdAt(), items.get(items.size() - 1).id()).encode()
                : null;
        return new Page<>(items.stream().map(QrCode::view).toList(), next);
    }
}
