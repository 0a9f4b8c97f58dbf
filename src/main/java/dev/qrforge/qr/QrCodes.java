package dev.qrforge.qr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.admission.RenderAdmission;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.Change;
import dev.qrforge.api.Cursor;
import dev.qrforge.api.Keyset;
import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import dev.qrforge.api.Where;
import dev.qrforge.platform.Ids;
import dev.qrforge.platform.StoredTime;
import dev.qrforge.render.DataTooLongException;
import dev.qrforge.render.QrMatrix;
import dev.qrforge.safety.Safety;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * QR codes of a workspace: generate and keep, find, list. The other features reach codes through this service and
 * its records ({@link QrView}, {@link StoredCode}), never through the {@link QrCode} entity.
 */
@ApplicationScoped
public class QrCodes {

    /** The fields {@link #restyle} may change. */
    public static final List<String> RESTYLE_FIELDS = Restyle.FIELDS;

    /**
     * The wire names of a dynamic code's statuses, which its QR record mirrors ({@link #createDynamic}) for listings;
     * the dynamic feature's tests hold this to its own list.
     */
    public static final List<String> DYNAMIC_STATUSES = List.of("active", "paused");

    /** What the audit log calls a QR record. */
    static final String RESOURCE = "qr_code";

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    RenderAdmission admission;

    @Inject
    WorkspaceLogos logos;

    @Inject
    DesignTemplates templates;

    @Inject
    Event<CodeDeleted> deletions;

    @Inject
    Event<Change> changes;

    @Inject
    GenerationMetrics generations;

    /**
     * A code just stored.
     *
     * @param view      its record, with the image
     * @param rendering the image and verdict just generated for it
     */
    public record Created(QrView view, GeneratedCode rendering) {

        public String id() {
            return view.id();
        }
    }

    /** Generates a code for the current request and keeps it; see {@link #render}. */
    @Transactional
    public Created create(String workspaceId, CodeSpec spec, Labels labels) {
        return recorded(workspaceId, store(workspaceId, render(spec), labels, null, null));
    }

    /**
     * As {@link #create}, the QR record of dynamic code {@code dynamicCodeId}, whose status (its wire name, one of
     * {@link #DYNAMIC_STATUSES}) the record mirrors for listings.
     */
    @Transactional
    public Created createDynamic(String workspaceId, CodeSpec spec, Labels labels, String dynamicCodeId,
            String status) {
        return recorded(workspaceId, store(workspaceId, render(spec), labels, dynamicCodeId, status));
    }

    /** A code made for a request, in the audit log; a batch's codes are its job's, recorded once. */
    private Created recorded(String workspaceId, Created created) {
        changes.fire(Change.created(workspaceId, RESOURCE, created.id(), audited(created.view())));
        return created;
    }

    /** A record's fields as the audit log compares them: what the API shows, without the image and its verdict. */
    private static Change.Fields audited(QrView view) {
        return Change.Fields.of().with("data", view.data()).with("format", view.format()).with("size", view.size())
                .with("margin", view.margin()).with("errorCorrection", view.errorCorrection())
                .with("design", view.design()).with("unit", view.unit()).with("dpi", view.dpi())
                .with("colorSpace", view.colorSpace()).with("title", view.title()).with("tags", view.tags())
                .with("dynamicId", view.dynamicId());
    }

    /** As {@link #create}, for batch work, which waits for render memory rather than being refused. */
    @Transactional
    public Created createInBatch(String workspaceId, CodeSpec spec) throws InterruptedException {
        return store(workspaceId, renderInBatch(spec), Labels.NONE, null, null);
    }

    /** As {@link #createDynamic}, for batch work (see {@link #createInBatch}). */
    @Transactional
    public Created createDynamicInBatch(String workspaceId, CodeSpec spec, Labels labels, String dynamicCodeId,
            String status) throws InterruptedException {
        return store(workspaceId, renderInBatch(spec), labels, dynamicCodeId, status);
    }

    private GeneratedCode renderInBatch(CodeSpec spec) throws InterruptedException {
        return generations.count(spec.format(), () -> {
            QrMatrix matrix = encode(spec);
            return admission.inBatch(admissibleCost(spec, matrix), () -> CodeGenerator.generate(spec, matrix));
        });
    }

    /**
     * Renders and verifies a code for the current request, once admission control lets it (503 otherwise); its
     * memory stays reserved until the response has been written. "Does not fit in any QR version" is the caller's
     * error on {@code data}.
     */
    public GeneratedCode render(CodeSpec spec) {
        return generations.count(spec.format(), () -> {
            QrMatrix matrix = encode(spec);
            return admission.forRequest(admissibleCost(spec, matrix), () -> CodeGenerator.generate(spec, matrix));
        });
    }

    /** A rendering with its record as {@link #create} would answer it, minus what only a kept code has (id, time). */
    public QrView preview(String workspaceId, CodeSpec spec, Labels labels) {
        GeneratedCode rendering = render(spec);
        return new QrCode(null, workspaceId, spec, rendering.safety(), labels, null).view()
                .withImage(spec.format(), rendering.file());
    }

    /**
     * The image of a stored code, drawn again for the current request (its verdict is stored). Not held to the
     * largest render: the code was admissible when it was made, and a reader asking for it cannot ask for less.
     */
    public ByteBuffer image(CodeSpec spec) {
        QrMatrix matrix = encode(spec);
        return admission.forRequest(CodeGenerator.memoryCost(spec, matrix), () -> CodeGenerator.image(spec, matrix));
    }

    /** As {@link #image}, for work that streams many images and waits its turn rather than being refused. */
    public ByteBuffer imageInBatch(CodeSpec spec) throws InterruptedException {
        QrMatrix matrix = encode(spec);
        return admission.inBatch(CodeGenerator.memoryCost(spec, matrix), () -> CodeGenerator.image(spec, matrix));
    }

    /**
     * What drawing {@code spec} reserves, once it is known to be admissible at all: a raster too large for this
     * server's heap is the caller's error on {@code size}.
     */
    private long admissibleCost(CodeSpec spec, QrMatrix matrix) {
        long cost = CodeGenerator.memoryCost(spec, matrix);
        admission.requireFits(cost, "size", "drawing this code as a " + spec.size() + " px "
                + spec.format().name(), "ask for a smaller size, or PNG (drawn in bands, in a fraction of the memory)");
        return cost;
    }

    private Created store(String workspaceId, GeneratedCode rendering, Labels labels, String dynamicCodeId,
            String status) {
        keepLogo(workspaceId, rendering.spec());
        QrCode code = new QrCode(Ids.next("qr_"), workspaceId, rendering.spec(), rendering.safety(), labels,
                StoredTime.now(clock));
        code.dynamic(dynamicCodeId, status);
        em.persist(code);
        return new Created(withImage(code, rendering.spec(), rendering.file()), rendering);
    }

    /** Keeps the logo of {@code spec}, if any, so that its records can name it by reference. */
    public void keepLogo(String workspaceId, CodeSpec spec) {
        if (spec.logo() != null) {
            logos.keep(workspaceId, spec.logo().file());
        }
    }

    /** Reads the logos a request of this workspace names: inline, or kept from earlier requests. */
    public LogoReader logos(String workspaceId) {
        return logos.reader(workspaceId);
    }

    /** Reads the design templates a request of this workspace names. */
    public TemplateReader templates(String workspaceId) {
        return templates.reader(workspaceId);
    }

    /**
     * Draws the workspace's code {@code id} in another way and keeps the new look and verdict; its data, and so what
     * a printed copy says, stays the same.
     *
     * @param patch a JSON merge patch (RFC 7396) of {@code format}, {@code size}, {@code margin},
     *              {@code errorCorrection} and {@code design} over the code's current values, or with
     *              {@code template} over that template's design instead of the code's ({@link Restyle#merge})
     */
    @Transactional
    public Created restyle(String workspaceId, String id, ObjectNode patch) {
        QrCode code = find(workspaceId, id);
        QrView before = code.view();
        LogoReader logos = logos(workspaceId);
        CodeSpec spec = QrRequestValidator.validate(Restyle.merge(code.spec(logos), code.design(), patch,
                templates(workspaceId)), ImageFormat.SVG, logos);
        GeneratedCode rendering = render(spec);
        keepLogo(workspaceId, spec);
        code.restyle(rendering.spec(), rendering.safety());
        changes.fire(Change.of(workspaceId, Change.UPDATE, RESOURCE, id, audited(before), audited(code.view())));
        return new Created(withImage(code, rendering.spec(), rendering.file()), rendering);
    }

    /** The request that made a code, logo included: what draws it again. */
    CodeSpec spec(QrCode code) {
        return code.spec(logos.reader(code.workspaceId()));
    }

    private static QrMatrix encode(CodeSpec spec) {
        try {
            return CodeGenerator.encode(spec);
        } catch (DataTooLongException e) {
            // A typed content is what the client can shorten; the data is only its encoding.
            throw ApiException.invalid(spec.content() == null ? "data" : "content", tooLong(e));
        }
    }

    /** What a client is told when its data does not fit any QR version. */
    public static String tooLong(DataTooLongException e) {
        return "data is too long for a QR code: at most " + e.maxBinaryBytes() + " bytes fit at error correction"
                + " level " + e.errorCorrection() + "; shorten it or choose a lower errorCorrection";
    }

    /** The record of a code whose spec is {@code spec}, with its image drawn again ({@link #image}). */
    static QrView withImage(QrCode code, CodeSpec spec, ByteBuffer image) {
        return code.view().withImage(spec.format(), image);
    }

    /**
     * The workspace's code with this id; another workspace's id, and a deleted code's, are reported exactly like an
     * unknown one.
     */
    QrCode find(String workspaceId, String id) {
        return em.createQuery("select q from QrCode q where q.id = :id and q.workspaceId = :ws"
                + " and q.deletedAt is null", QrCode.class)
                .setParameter("id", id).setParameter("ws", workspaceId)
                .getResultStream().findFirst()
                .orElseThrow(() -> ApiException.notFound("QR code " + id));
    }

    /** The record (without image) of the workspace's code with this id, or 404. */
    public QrView view(String workspaceId, String id) {
        return find(workspaceId, id).view();
    }

    /** The records (without image) of these codes, by id, fetched in one query. */
    public Map<String, QrView> views(Collection<String> ids) {
        return byIds(ids).stream().collect(Collectors.toMap(QrCode::id, QrCode::view));
    }

    /** These codes as stored, by id, fetched in one query: what it takes to draw them again. */
    public Map<String, StoredCode> stored(Collection<String> ids) {
        // One reader per workspace: codes that share a logo share its file.
        Map<String, LogoReader> readers = new HashMap<>();
        return byIds(ids).stream().collect(Collectors.toMap(QrCode::id, code -> new StoredCode(code.id(),
                code.spec(readers.computeIfAbsent(code.workspaceId(), logos::reader)), code.safety())));
    }

    /** A kept code's data and verdict: what a report on many codes shows of each. */
    public record Verdict(String data, Safety safety) {
    }

    /**
     * The data and verdicts of these codes, by id, in one query of those columns alone: no code is loaded, so
     * nothing is parsed or checked for changes (a bulk job's status, polled while it runs, reads 200 of them).
     */
    public Map<String, Verdict> verdicts(Collection<String> ids) {
        return ids.isEmpty() ? Map.of() : em.createQuery("select q.id, q.data, q.safetyScore, q.safetyStatus,"
                + " q.safetyWarnings, q.safetyVerified, q.safetyDeductions from QrCode q where q.id in :ids"
                + " and q.deletedAt is null",
                Object[].class).setParameter("ids", ids).getResultStream()
                .collect(Collectors.toMap(row -> (String) row[0], row -> new Verdict((String) row[1],
                        QrCode.safety((Integer) row[2], (String) row[3], (String) row[4], (Boolean) row[5],
                                (String) row[6]))));
    }

    /** The titles of these codes that have one, deleted codes included, by id: for reports on past scans. */
    public Map<String, String> titles(Collection<String> ids) {
        return ids.isEmpty() ? Map.of() : em.createQuery("select q.id, q.title from QrCode q where q.id in :ids"
                + " and q.title is not null", Object[].class).setParameter("ids", ids).getResultStream()
                .collect(Collectors.toMap(row -> (String) row[0], row -> (String) row[1]));
    }

    /** Deleted codes are left out: a bulk archive built after a deletion no longer carries the code. */
    private List<QrCode> byIds(Collection<String> ids) {
        return ids.isEmpty() ? List.of() : em.createQuery("select q from QrCode q where q.id in :ids"
                + " and q.deletedAt is null", QrCode.class).setParameter("ids", ids).getResultList();
    }

    /** Newest first, deleted codes left out. */
    public Page<QrView> list(String workspaceId, Listing filter, PageRequest page) {
        Where where = new Where().and("e.deletedAt is null").created(filter.createdFrom(), filter.createdTo());
        if (filter.type() != null) {
            switch (filter.type()) {
                case "static" -> where.and("e.dynamicCodeId is null");
                case "dynamic" -> where.and("e.dynamicCodeId is not null");
                default -> throw ApiException.invalid("type", "type must be static or dynamic; got '"
                        + filter.type() + "'");
            }
        }
        String contains = Where.contains(filter.q());
        where.and("(lower(e.data) like :q " + Where.LIKE_ESCAPE + " or lower(e.title) like :q " + Where.LIKE_ESCAPE
                + ")", "q", contains);
        where.and("locate(:tag, e.tags) > 0", "tag", tagNeedle(filter.tag()));
        if (filter.status() != null && !DYNAMIC_STATUSES.contains(filter.status())) {
            throw ApiException.invalid("status", "status must be one of: " + String.join(", ", DYNAMIC_STATUSES)
                    + "; got '" + filter.status() + "'");
        }
        where.and("e.dynamicStatus = :status", "status", filter.status());
        return Keyset.newestFirst(em, QrCode.class, where, workspaceId, page,
                code -> new Cursor(code.createdAt(), code.id()), codes -> codes.stream().map(QrCode::view).toList());
    }

    /**
     * The filters of {@code GET /api/v1/qr}; null means unfiltered.
     *
     * @param status one of {@link #DYNAMIC_STATUSES}, which only dynamic codes have
     */
    public record Listing(String type, String q, String tag, String status, String createdFrom, String createdTo) {
    }

    /**
     * A JPQL condition on an entity {@code e} whose {@code qrCodeId} names its QR record: that record's title
     * contains {@code :q} (see {@link Where#contains}). For listings of the features built on QR records.
     */
    public static String titleContains() {
        return "e.qrCodeId in (select q.id from QrCode q where lower(q.title) like :q " + Where.LIKE_ESCAPE + ")";
    }

    /** As {@link #titleContains}: the QR record has the tag {@code :tag} (bound to {@link #tagNeedle}). */
    public static String hasTag() {
        return "e.qrCodeId in (select q.id from QrCode q where locate(:tag, q.tags) > 0)";
    }

    /** The value to bind to {@code :tag} in {@link #hasTag} for a tag filter, validated; null for none. */
    public static String tagNeedle(String tag) {
        return tag == null ? null : Labels.storedNeedle(Labels.tag("tag", tag));
    }

    /** Changes the title and tags of the workspace's code {@code id} by a merge patch ({@link LabelPatch}). */
    @Transactional
    public QrView relabel(String workspaceId, String id, JsonNode patch) {
        QrCode code = find(workspaceId, id);
        QrView before = code.view();
        code.label(LabelPatch.apply(code.labels(), patch));
        changes.fire(Change.of(workspaceId, Change.UPDATE, RESOURCE, id, audited(before), audited(code.view())));
        return code.view();
    }

    /** A dynamic code's status changed: its QR record ({@link #createDynamic}) mirrors it. */
    @Transactional
    public void dynamicStatus(String workspaceId, String qrCodeId, String status) {
        QrCode code = find(workspaceId, qrCodeId);
        code.dynamic(code.dynamicCodeId(), status);
    }

    /**
     * Deletes the workspace's code {@code id} (404 if there is none, or it is deleted already) and tells the
     * features built on it ({@link CodeDeleted}) within the same transaction: a dynamic code goes with its QR
     * record.
     */
    @Transactional
    public void delete(String workspaceId, String id, boolean erase) {
        QrCode code = find(workspaceId, id);
        Instant now = StoredTime.now(clock);
        changes.fire(Change.of(workspaceId, Change.DELETE, RESOURCE, id, audited(code.view()), Change.Fields.NONE));
        code.delete(now);
        deletions.fire(new CodeDeleted(workspaceId, code.id(), code.dynamicCodeId(), erase, now));
    }
}
