package dev.qrforge.dynamic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.Cursor;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.Instants;
import dev.qrforge.api.Keyset;
import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import dev.qrforge.platform.Ids;
import dev.qrforge.platform.StoredTime;
import dev.qrforge.qr.CodeSpec;
import dev.qrforge.qr.ImageFormat;
import dev.qrforge.qr.QrCodes;
import dev.qrforge.qr.QrRequest;
import dev.qrforge.qr.QrRequestValidator;
import dev.qrforge.qr.QrView;
import dev.qrforge.scan.ScanBuffer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Dynamic tracking codes of a workspace: create, read with real-time counts, list, change. */
@ApplicationScoped
public class DynamicCodes {

    /** 7 base62 characters: 3.5 × 10^12 codes, short enough to print, too many to enumerate. */
    static final int SHORT_CODE_LENGTH = 7;
    static final int SHORT_CODE_ATTEMPTS = 5;
    static final int MAX_TITLE_LENGTH = 200;

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    QrCodes qrCodes;

    @Inject
    ScanBuffer scans;

    @Inject
    Event<DynamicCodeChanged> changes;

    @Inject
    ShortLinks shortLinks;

    /** @param requestBase the base the request came in on, for the short URL when no public base is configured */
    @Transactional
    public DynamicView create(String workspaceId, DynamicRequest request, URI requestBase) {
        if (request == null) {
            throw new ApiException(ErrorCode.INVALID_JSON, null,
                    "the request body must be a JSON object, e.g. {\"destinationUrl\": \"https://example.com\"}");
        }
        if (request.destinationUrl() == null) {
            throw ApiException.invalid("destinationUrl", "destinationUrl is required");
        }
        DynamicCode.Settings settings = new DynamicCode.Settings(
                Destinations.requireHttpUrl("destinationUrl", request.destinationUrl()),
                RuleSet.parse(request.rules()),
                request.status() == null ? DynamicStatus.ACTIVE : status(request.status()),
                request.expiresAt() == null ? null : Instants.parse("expiresAt", request.expiresAt()),
                request.expiredUrl() == null ? null : Destinations.requireHttpUrl("expiredUrl", request.expiredUrl()),
                request.title() == null ? null : title(request.title()));
        String shortCode = request.shortCode() == null ? freshShortCode() : customShortCode(request.shortCode());
        CodeSpec spec = QrRequestValidator.validate(new QrRequest(shortLinks.url(requestBase, shortCode),
                request.format(), request.size(), request.margin(), request.errorCorrection(), request.design()),
                ImageFormat.SVG, qrCodes.logos(workspaceId));
        QrCodes.Created qr = qrCodes.create(workspaceId, spec);
        Instant now = StoredTime.now(clock);
        DynamicCode code = new DynamicCode(Ids.next("dyn_"), workspaceId, shortCode, qr.id(), settings, now);
        em.persist(code);
        try {
            em.flush();
        } catch (PersistenceException e) {
            throw shortCodeTaken(shortCode);
        }
        return view(code, qr.view(), code.storedScanCount());
    }

    @Transactional
    public DynamicView get(String workspaceId, String id) {
        DynamicCode code = find(workspaceId, id);
        return scans.withCountsSteady(() -> view(code, qrCodes.view(workspaceId, code.qrCodeId()),
                storedCount(id)));
    }

    /** Newest first, like the static codes. */
    @Transactional
    public Page<DynamicView> list(String workspaceId, PageRequest page) {
        return scans.withCountsSteady(() -> Keyset.newestFirst(em, DynamicCode.class, workspaceId, page,
                code -> new Cursor(code.createdAt(), code.id()), this::views));
    }

    /** One page of codes with their QR records, fetched in one query. */
    private List<DynamicView> views(List<DynamicCode> codes) {
        Map<String, QrView> qrs = qrCodes.views(codes.stream().map(DynamicCode::qrCodeId).toList());
        return codes.stream().map(code -> view(code, qrs.get(code.qrCodeId()), code.storedScanCount())).toList();
    }

    /** JSON merge patch (RFC 7396): fields present are set, {@code null} clears what may be cleared. */
    @Transactional
    public DynamicView patch(String workspaceId, String id, JsonNode patch) {
        if (!(patch instanceof ObjectNode fields)) {
            throw new ApiException(ErrorCode.INVALID_JSON, null, "a merge patch must be a JSON object");
        }
        DynamicCode code = find(workspaceId, id);
        DynamicCode.Settings s = code.settings();
        String destinationUrl = s.destinationUrl();
        RuleSet rules = s.rules();
        DynamicStatus status = s.status();
        Instant expiresAt = s.expiresAt();
        String expiredUrl = s.expiredUrl();
        String title = s.title();
        ObjectNode restyle = fields.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = fields.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            JsonNode value = field.getValue();
            switch (field.getKey()) {
                case "destinationUrl" -> destinationUrl = Destinations.requireHttpUrl("destinationUrl",
                        requiredText("destinationUrl", value));
                case "rules" -> rules = RuleSet.parse(value);
                case "status" -> status = status(requiredText("status", value));
                case "expiresAt" -> expiresAt = optional(value, "expiresAt", text -> Instants.parse("expiresAt", text));
                case "expiredUrl" -> expiredUrl = optional(value, "expiredUrl",
                        text -> Destinations.requireHttpUrl("expiredUrl", text));
                case "title" -> title = optional(value, "title", DynamicCodes::title);
                default -> {
                    if (!QrCodes.RESTYLE_FIELDS.contains(field.getKey())) {
                        throw ApiException.invalid(field.getKey(), "unknown field '" + field.getKey() + "'; allowed:"
                                + " destinationUrl, rules, status, expiresAt, expiredUrl, title, and to restyle the"
                                + " code " + String.join(", ", QrCodes.RESTYLE_FIELDS));
                    }
                    restyle.set(field.getKey(), value);
                }
            }
        }
        code.apply(new DynamicCode.Settings(destinationUrl, rules, status, expiresAt, expiredUrl, title),
                StoredTime.now(clock));
        // The short link stays, and with it the data: printed copies keep working in the new look.
        QrView qr = restyle.isEmpty() ? qrCodes.view(workspaceId, code.qrCodeId())
                : qrCodes.restyle(workspaceId, code.qrCodeId(), restyle).view();
        changes.fire(new DynamicCodeChanged(code.shortCode()));
        return scans.withCountsSteady(() -> view(code, qr, storedCount(code.id())));
    }

    /** The count as the flushes have stored it by now, rather than the entity's copy from when it was loaded. */
    private long storedCount(String id) {
        return em.createQuery("select d.scanCount from DynamicCode d where d.id = :id", Long.class)
                .setParameter("id", id).getSingleResult();
    }

    /** The id of the workspace's dynamic code known by {@code id}: its own, or its QR record's. */
    public Optional<String> idFor(String workspaceId, String id) {
        return em.createQuery("select d.id from DynamicCode d where d.workspaceId = :ws and (d.id = :id"
                + " or d.qrCodeId = :id)", String.class)
                .setParameter("ws", workspaceId).setParameter("id", id)
                .getResultStream().findFirst();
    }

    /** The workspace's dynamic code with this id; another workspace's id is reported exactly like an unknown one. */
    DynamicCode find(String workspaceId, String id) {
        return em.createQuery("select d from DynamicCode d where d.id = :id and d.workspaceId = :ws", DynamicCode.class)
                .setParameter("id", id).setParameter("ws", workspaceId)
                .getResultStream().findFirst()
                .orElseThrow(() -> ApiException.notFound("dynamic code " + id));
    }

    private DynamicView view(DynamicCode code, QrView qr, long storedCount) {
        DynamicCode.Settings s = code.settings();
        return new DynamicView(code.id(), code.shortCode(), qr.data(), s.destinationUrl(), s.status().wireName(),
                storedCount + scans.pending(code.id()), s.rules().tree(), s.expiresAt(), s.expiredUrl(), s.title(),
                code.createdAt(), code.updatedAt(), qr);
    }

    private String freshShortCode() {
        for (int attempt = 0; attempt < SHORT_CODE_ATTEMPTS; attempt++) {
            String candidate = Ids.randomBase62(SHORT_CODE_LENGTH);
            if (!shortCodeExists(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no free short code after " + SHORT_CODE_ATTEMPTS + " attempts");
    }

    private String customShortCode(String shortCode) {
        if (!ShortLinks.wellFormed(shortCode)) {
            throw ApiException.invalid("shortCode",
                    "shortCode must be 3 to 64 characters of A-Z, a-z, 0-9, '_' and '-'");
        }
        if (shortCodeExists(shortCode)) {
            throw shortCodeTaken(shortCode);
        }
        return shortCode;
    }

    private boolean shortCodeExists(String shortCode) {
        return !em.createQuery("select d.id from DynamicCode d where d.shortCode = :code", String.class)
                .setParameter("code", shortCode).setMaxResults(1).getResultList().isEmpty();
    }

    private static ApiException shortCodeTaken(String shortCode) {
        return new ApiException(ErrorCode.CONFLICT, "shortCode", "shortCode '" + shortCode + "' is already taken");
    }

    private static DynamicStatus status(String value) {
        return DynamicStatus.fromWire(value).orElseThrow(() -> ApiException.invalid("status",
                "status must be one of: " + String.join(", ", DynamicStatus.wireNames()) + "; got '" + value + "'"));
    }

    private static String title(String title) {
        if (title.length() > MAX_TITLE_LENGTH) {
            throw ApiException.invalid("title", "title must be at most " + MAX_TITLE_LENGTH + " characters");
        }
        return title;
    }

    private static String requiredText(String field, JsonNode value) {
        if (!value.isTextual()) {
            throw ApiException.invalid(field, field + " must be a string" + (value.isNull() ? " and cannot be cleared" : ""));
        }
        return value.textValue();
    }

    private static <T> T optional(JsonNode value, String field, Function<String, T> parse) {
        return value.isNull() ? null : parse.apply(requiredText(field, value));
    }
}
