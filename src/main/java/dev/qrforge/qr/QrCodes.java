package dev.qrforge.qr;

import dev.qrforge.api.ApiException;
import dev.qrforge.api.Cursor;
import dev.qrforge.api.Keyset;
import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import dev.qrforge.platform.Ids;
import dev.qrforge.render.DataTooLongException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Base64;

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
            throw ApiException.invalid("data", tooLong(e));
        }
    }

    /** What a client is told when its data does not fit any QR version. */
    public static String tooLong(DataTooLongException e) {
        return "data is too long for a QR code: at most " + e.maxBinaryBytes() + " bytes fit at error correction"
                + " level " + e.errorCorrection() + "; shorten it or choose a lower errorCorrection";
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
        return Keyset.newestFirst(em, QrCode.class, workspaceId, page, code -> new Cursor(code.createdAt(), code.id()),
                codes -> codes.stream().map(QrCode::view).toList());
    }
}
