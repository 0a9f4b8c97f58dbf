package dev.qrforge.dynamic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.Change;
import dev.qrforge.api.Cursor;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.Instants;
import dev.qrforge.api.Keyset;
import dev.qrforge.api.MergePatch;
import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import dev.qrforge.api.Where;
import dev.qrforge.campaign.CampaignCodes;
import dev.qrforge.campaign.CampaignDeleted;
import dev.qrforge.campaign.Campaigns;
import dev.qrforge.domain.DomainDeleting;
import dev.qrforge.domain.Domains;
import dev.qrforge.platform.Ids;
import dev.qrforge.platform.StoredTime;
import dev.qrforge.qr.CodeSpec;
import dev.qrforge.qr.CodeDeleted;
import dev.qrforge.qr.ImageFormat;
import dev.qrforge.qr.Labels;
import dev.qrforge.qr.LogoReader;
import dev.qrforge.qr.QrCodes;
import dev.qrforge.qr.QrRequest;
import dev.qrforge.qr.QrRequestValidator;
import dev.qrforge.qr.QrView;
import dev.qrforge.scan.ScanBuffer;
import dev.qrforge.scan.ScanStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Dynamic tracking codes of a workspace: create, read with real-time counts, list, change; and which campaign each is
 * filed in, which campaigns learn from here ({@link CampaignCodes}).
 */
@ApplicationScoped
public class DynamicCodes implements CampaignCodes {

    /** 7 base62 characters: 3.5 × 10^12 codes, short enough to print, too many to enumerate. */
    static final int SHORT_CODE_LENGTH = 7;
    static final int SHORT_CODE_ATTEMPTS = 5;
    /** The {@code campaign} filter of the listing for codes in no campaign. */
    static final String NO_CAMPAIGN = "none";
    /** What the audit log calls a dynamic code, and a workspace whose scans were erased. */
    static final String RESOURCE = "dynamic_code";
    static final String WORKSPACE = "workspace";

    /** What a PATCH may set: the code's own fields, and its QR record's look (a restyle, keeping the short link). */
    private static final List<String> PATCH_FIELDS = Stream.concat(Stream.of("destinationUrl",
            "rules", "utm", "status", "validFrom", "expiresAt", "maxScans", "expiredUrl", "password", "title", "tags",
            "campaign"), QrCodes.RESTYLE_FIELDS.stream()).toList();

    @PersistenceContext
    EntityManager em;

    @Inject
    CustomShortCodeLock customShortCodes;

    @Inject
    Clock clock;

    @Inject
    QrCodes qrCodes;

    @Inject
    ScanBuffer scans;

    @Inject
    Event<DynamicCodeChanged> changes;

    @Inject
    Event<Change> audit;

    @Inject
    ShortLinks shortLinks;

    @Inject
    ScanStore scanStore;

    @Inject
    Domains domains;

    @Inject
    Campaigns campaigns;

    /** @param requestBase the base the request came in on, for the short URL when no public base is configured */
    @Transactional
    public DynamicView create(String workspaceId, DynamicRequest request, URI requestBase) {
        if (request != null && request.shortCode() != null) {
            customShortCodes.holdUntilTransactionEnds();
        }
        Draft draft = draft(workspaceId, request, requestBase, qrCodes.logos(workspaceId));
        String id = Ids.next("dyn_");
        QrCodes.Created qr = qrCodes.createDynamic(workspaceId, draft.spec(), draft.labels(), id,
                draft.settings().status().wireName());
        DynamicCode code = keep(workspaceId, id, draft, qr);
        audit.fire(Change.created(workspaceId, RESOURCE, id, audited(code)));
        return view(code, qr.view(), code.storedScanCount());
    }

    /**
     * A request checked as {@link #create} checks it, with its short code chosen (the one it names, or a fresh one):
     * what a bulk job stores per item before it runs.
     */
    public record Checked(DynamicRequest request, CodeSpec spec) {
    }

    /** See {@link Checked}; nothing is kept. */
    @Transactional
    public Checked check(String workspaceId, DynamicRequest request, URI requestBase, LogoReader logos) {
        Draft draft = draft(workspaceId, request, requestBase, logos);
        return new Checked(request.withShortCode(draft.shortCode()), draft.spec());
    }

    /**
     * As {@link #create}, for a bulk job's item (a {@link Checked} request): the image waits for render memory, and
     * the code is its job's, which the audit log records once, at acceptance.
     *
     * @return the id of the code's QR record
     */
    // A refusal (a short code taken meanwhile) fails the item, not the chunk's transaction the batch step shares.
    @Transactional(dontRollbackOn = ApiException.class)
    public String createInBatch(String workspaceId, DynamicRequest request, URI requestBase, LogoReader logos)
            throws InterruptedException {
        if (request != null && request.shortCode() != null) {
            customShortCodes.holdUntilTransactionEnds();
        }
        Draft draft = draft(workspaceId, request, requestBase, logos);
        String id = Ids.next("dyn_");
        return keep(workspaceId, id, draft, qrCodes.createDynamicInBatch(workspaceId, draft.spec(), draft.labels(), id,
                draft.settings().status().wireName())).qrCodeId();
    }

    /** A request checked through, its short code chosen; nothing kept yet. {@code campaign} may be null. */
    private record Draft(DynamicCode.Settings settings, Labels labels, LinkScope scope, String campaign,
            String shortCode,
            CodeSpec spec) {
    }

    private Draft draft(String workspaceId, DynamicRequest request, URI requestBase, LogoReader logos) {
        if (request == null) {
            throw new ApiException(ErrorCode.INVALID_JSON, null,
                    "the request body must be a JSON object, e.g. {\"destinationUrl\": \"https://example.com\"}");
        }
        if (request.content() != null) {
            throw ApiException.invalid("content", "a dynamic code takes no content: its code encodes its short link,"
                    + " which redirects to destinationUrl; send the link as destinationUrl, or make a static code with"
                    + " content at POST /api/v1/qr");
        }
        if (request.destinationUrl() == null) {
            throw ApiException.invalid("destinationUrl", "destinationUrl is required");
        }
        DynamicCode.Settings settings = new DynamicCode.Settings(
                Destinations.requireHttpUrl("destinationUrl", request.destinationUrl()),
                RuleSet.parse(request.rules()),
                Utm.validate("utm", request.utm()),
                request.status() == null ? DynamicStatus.ACTIVE : status(request.status()),
                new Validity(request.validFrom() == null ? null : Instants.parse("validFrom", request.validFrom()),
                        request.expiresAt() == null ? null : Instants.parse("expiresAt", request.expiresAt()),
                        request.maxScans()),
                request.expiredUrl() == null ? null : Destinations.requireHttpUrl("expiredUrl", request.expiredUrl()),
                Passwords.hashed(request.password()));
        Labels labels = Labels.of(request.title(), request.tags());
        LinkScope scope = request.domain() == null ? LinkScope.DEFAULT
                : LinkScope.of(domains.usable(workspaceId, "domain", request.domain()));
        String campaign = request.campaign() == null ? null : campaigns.require(workspaceId, request.campaign(),
                "campaign");
        String shortCode = request.shortCode() == null ? freshShortCode(scope)
                : customShortCode(scope, request.shortCode());
        CodeSpec spec = QrRequestValidator.validate(qrCodes.templates(workspaceId).resolve(new QrRequest(
                shortLinks.url(requestBase, scope.host(), shortCode), request.format(), request.size(), request.margin(),
                request.errorCorrection(), request.design(), null, null, null, request.unit(), request.dpi(),
                request.colorSpace(), request.template())), ImageFormat.SVG, logos);
        return new Draft(settings, labels, scope, campaign, shortCode, spec);
    }

    /** Stores the code of {@code draft} whose QR record was just made. */
    private DynamicCode keep(String workspaceId, String id, Draft draft, QrCodes.Created qr) {
        Instant now = StoredTime.now(clock);
        DynamicCode code = new DynamicCode(id, workspaceId, draft.scope(), draft.shortCode(), qr.id(),
                draft.settings(), now);
        code.campaign(draft.campaign(), now);
        em.persist(code);
        try {
            em.flush();
        } catch (PersistenceException e) {
            throw shortCodeTaken(draft.shortCode());
        }
        // A node may have cached this short code as unknown (a probe, or a scan of a printed code made early).
        changes.fire(DynamicCodeChanged.of(code));
        return code;
    }

    @Transactional
    public DynamicView get(String workspaceId, String id) {
        DynamicCode code = find(workspaceId, id);
        return scans.withCountsSteady(() -> view(code, qrCodes.view(workspaceId, code.qrCodeId()),
                storedCount(id)));
    }

    /**
     * The filters of {@code GET /api/v1/dynamic}; null means unfiltered.
     *
     * @param q        contained (any case) in the destination, the short code or the title
     * @param campaign a campaign's id, or {@value #NO_CAMPAIGN} for the codes in none
     */
    public record Listing(String q, String tag, String status, String createdFrom, String createdTo,
            String campaign) {
    }

    /** Newest first, like the static codes; deleted codes left out. */
    @Transactional
    public Page<DynamicView> list(String workspaceId, Listing filter, PageRequest page) {
        return scans.withCountsSteady(() -> Keyset.newestFirst(em, DynamicCode.class, where(filter), workspaceId, page,
                code -> new Cursor(code.createdAt(), code.id()), this::views));
    }

    /** The ids of the codes the listing with {@code filter} shows, newest first, at most {@code limit}. */
    @Transactional
    public List<String> ids(String workspaceId, Listing filter, int limit) {
        return Keyset.newestIds(em, DynamicCode.class, where(filter), workspaceId, limit);
    }

    private static Where where(Listing filter) {
        Where where = new Where().and("e.deletedAt is null").created(filter.createdFrom(), filter.createdTo())
                .and("e.status = :status", "status", filter.status() == null ? null : status(filter.status()).name())
                .and("(lower(e.destinationUrl) like :q " + Where.LIKE_ESCAPE + " or lower(e.shortCode) like :q "
                        + Where.LIKE_ESCAPE + " or " + QrCodes.titleContains() + ")", "q", Where.contains(filter.q()))
                .and(QrCodes.hasTag(), "tag", QrCodes.tagNeedle(filter.tag()));
        if (NO_CAMPAIGN.equals(filter.campaign())) {
            return where.and("e.campaignId is null");
        }
        return where.and("e.campaignId = :campaign", "campaign",
                filter.campaign() == null || filter.campaign().isEmpty() ? null : filter.campaign());
    }

    /** One page of codes with their QR records, fetched in one query. */
    private List<DynamicView> views(List<DynamicCode> codes) {
        Map<String, QrView> qrs = qrCodes.views(codes.stream().map(DynamicCode::qrCodeId).toList());
        return codes.stream().map(code -> view(code, qrs.get(code.qrCodeId()), code.storedScanCount())).toList();
    }

    /** JSON merge patch (RFC 7396): fields present are set, {@code null} clears what may be cleared. */
    @Transactional
    public DynamicView patch(String workspaceId, String id, JsonNode patch) {
        Iterable<Map.Entry<String, JsonNode>> fields = MergePatch.fields(patch, PATCH_FIELDS);
        DynamicCode code = find(workspaceId, id);
        Change.Fields before = audited(code);
        DynamicCode.Settings s = code.settings();
        String destinationUrl = s.destinationUrl();
        RuleSet rules = s.rules();
        Utm utm = s.utm();
        DynamicStatus status = s.status();
        Instant validFrom = s.validity().validFrom();
        Instant expiresAt = s.validity().expiresAt();
        Long maxScans = s.validity().maxScans();
        String expiredUrl = s.expiredUrl();
        String passwordHash = s.passwordHash();
        String campaign = code.campaignId();
        ObjectNode labels = JsonNodeFactory.instance.objectNode();
        ObjectNode restyle = JsonNodeFactory.instance.objectNode();
        for (Map.Entry<String, JsonNode> field : fields) {
            JsonNode value = field.getValue();
            switch (field.getKey()) {
                case "destinationUrl" -> destinationUrl = Destinations.requireHttpUrl("destinationUrl",
                        MergePatch.text("destinationUrl", value));
                case "rules" -> rules = RuleSet.parse(value);
                case "utm" -> utm = Utm.patch(utm, value);
                case "status" -> status = status(MergePatch.text("status", value));
                case "validFrom" -> validFrom = MergePatch.optional(value, "validFrom",
                        text -> Instants.parse("validFrom", text));
                case "expiresAt" -> expiresAt = MergePatch.optional(value, "expiresAt",
                        text -> Instants.parse("expiresAt", text));
                case "maxScans" -> maxScans = Validity.maxScans(value);
                case "expiredUrl" -> expiredUrl = MergePatch.optional(value, "expiredUrl",
                        text -> Destinations.requireHttpUrl("expiredUrl", text));
                case "password" -> passwordHash = Passwords.patch(value);
                case "title", "tags" -> labels.set(field.getKey(), value);
                case "campaign" -> campaign = MergePatch.optional(value, "campaign",
                        text -> campaigns.require(workspaceId, text, "campaign"));
                default -> restyle.set(field.getKey(), value);
            }
        }
        Validity validity = new Validity(validFrom, expiresAt, maxScans);
        // The QR record first, the code last, so that the code's row is written (and locked) only under the count lock
        // below: holding that row while waiting for the count lock would deadlock with a flush that holds or awaits
        // the count lock and waits for the row.
        if (status != s.status()) {
            qrCodes.dynamicStatus(workspaceId, code.qrCodeId(), status.wireName());
        }
        if (!labels.isEmpty()) {
            qrCodes.relabel(workspaceId, code.qrCodeId(), labels);
        }
        // The short link stays, and with it the data: printed copies keep working in the new look.
        QrView qr = restyle.isEmpty() ? qrCodes.view(workspaceId, code.qrCodeId())
                : qrCodes.restyle(workspaceId, code.qrCodeId(), restyle).view();
        Instant now = StoredTime.now(clock);
        code.apply(new DynamicCode.Settings(destinationUrl, rules, utm, status, validity, expiredUrl, passwordHash),
                now);
        code.campaign(campaign, now);
        audit.fire(Change.of(workspaceId, Change.UPDATE, RESOURCE, id, before, audited(code)));
        changes.fire(DynamicCodeChanged.of(code));
        return scans.withCountsSteady(() -> view(code, qr, storedCount(code.id())));
    }

    /** The count as the flushes have stored it by now, rather than the entity's copy from when it was loaded. */
    private long storedCount(String id) {
        return em.createQuery("select d.scanCount from DynamicCode d where d.id = :id", Long.class)
                .setParameter("id", id).getSingleResult();
    }

    /**
     * Deletes the workspace's dynamic code {@code id} with its QR record (see {@link #deleted}); {@code erase} also
     * erases its scan data.
     */
    @Transactional
    public void delete(String workspaceId, String id, boolean erase) {
        qrCodes.delete(workspaceId, find(workspaceId, id).qrCodeId(), erase);
    }

    /**
     * Whichever way a dynamic code's QR record was deleted, the code goes with it, in the same transaction: its short
     * link answers 410 from then on (the directory is told after the commit), and its short code stays taken.
     */
    void deleted(@Observes CodeDeleted deletion) {
        if (deletion.dynamicCodeId() == null) {
            return;
        }
        DynamicCode code = em.find(DynamicCode.class, deletion.dynamicCodeId());
        audit.fire(Change.of(deletion.workspaceId(), deletion.erased() ? Change.ERASE : Change.DELETE, RESOURCE,
                code.id(), audited(code), Change.Fields.NONE));
        code.delete(deletion.deletedAt());
        if (deletion.erased()) {
            erase(List.of(code.id()));
        }
        changes.fire(DynamicCodeChanged.of(code));
    }

    /**
     * A custom domain is deleted only once no live code is on it (409 otherwise): a printed code would go dead with
     * no way back. Deleted codes stay on it, unreachable, their scans kept for analytics; a host registered again is
     * a new domain, with short codes of its own.
     */
    void domainDeleting(@Observes DomainDeleting deletion) {
        long live = em.createQuery("select count(d) from DynamicCode d where d.domainId = :domain"
                + " and d.deletedAt is null", Long.class).setParameter("domain", deletion.domainId()).getSingleResult();
        if (live > 0) {
            throw new ApiException(ErrorCode.CONFLICT, null, "domain " + deletion.host() + " still has " + live
                    + " dynamic code" + (live == 1 ? "" : "s") + "; delete " + (live == 1 ? "it" : "them")
                    + " first, as a printed code on a deleted domain would stop working");
        }
    }

    /**
     * Erases every scan of the workspace's dynamic codes, deleted ones included (data-protection requests): events,
     * visitor keys, rollups and counts. Scans made after this are counted afresh.
     */
    @Transactional
    public void eraseScans(String workspaceId) {
        List<DynamicCode> codes = em.createQuery("select d from DynamicCode d where d.workspaceId = :ws",
                DynamicCode.class).setParameter("ws", workspaceId).getResultList();
        erase(codes.stream().map(DynamicCode::id).toList());
        audit.fire(Change.of(workspaceId, Change.ERASE, WORKSPACE, workspaceId, Change.Fields.NONE,
                Change.Fields.of().with("codes", codes.size())));
        // Cached counts started from the old stored counts: every code is read afresh after the commit.
        codes.forEach(code -> changes.fire(DynamicCodeChanged.of(code)));
    }

    /**
     * A campaign's codes leave it as it is deleted, deleted codes too (their scans leave its history with them); each
     * live code's move is recorded like any change of its campaign. One update of the campaign column alone, so that
     * a code changed meanwhile keeps its other changes, and one moved to another campaign stays there.
     */
    void campaignDeleted(@Observes CampaignDeleted deletion) {
        List<String> live = em.createQuery("select d.id from DynamicCode d where d.workspaceId = :ws"
                + " and d.campaignId = :campaign and d.deletedAt is null", String.class)
                .setParameter("ws", deletion.workspaceId()).setParameter("campaign", deletion.campaignId())
                .getResultList();
        em.createQuery("update DynamicCode d set d.campaignId = null, d.updatedAt = :now where d.workspaceId = :ws"
                + " and d.campaignId = :campaign").setParameter("now", StoredTime.now(clock))
                .setParameter("ws", deletion.workspaceId()).setParameter("campaign", deletion.campaignId())
                .executeUpdate();
        for (String id : live) {
            audit.fire(Change.of(deletion.workspaceId(), Change.UPDATE, RESOURCE, id,
                    Change.Fields.of().with("campaign", deletion.campaignId()),
                    Change.Fields.of().with("campaign", null)));
        }
    }

    @Override
    public Map<String, Long> counts(String workspaceId, Collection<String> campaignIds) {
        return em.createQuery("select d.campaignId, count(d) from DynamicCode d where d.workspaceId = :ws"
                + " and d.campaignId in :campaigns and d.deletedAt is null group by d.campaignId", Object[].class)
                .setParameter("ws", workspaceId).setParameter("campaigns", campaignIds).getResultStream()
                .collect(Collectors.toMap(row -> (String) row[0], row -> (Long) row[1]));
    }

    /**
     * The ids of the codes in the workspace's campaign, deleted ones included: a campaign's scans are those of the
     * codes in it now, whatever campaign they were in when scanned.
     */
    public List<String> inCampaign(String workspaceId, String campaignId) {
        return em.createQuery("select d.id from DynamicCode d where d.workspaceId = :ws and d.campaignId = :campaign",
                String.class).setParameter("ws", workspaceId).setParameter("campaign", campaignId).getResultList();
    }

    private void erase(List<String> codeIds) {
        scans.forget(codeIds);
        scanStore.erase(codeIds);
    }

    /** What a report names a code by; deleted codes are still named, as their scans stay part of the history. */
    public record Summary(String shortCode, String title, boolean deleted) {
    }

    /** The summaries of the workspace's codes among {@code ids}, by id. */
    public Map<String, Summary> summaries(String workspaceId, Collection<String> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        List<DynamicCode> codes = em.createQuery("select d from DynamicCode d where d.workspaceId = :ws"
                + " and d.id in :ids", DynamicCode.class).setParameter("ws", workspaceId).setParameter("ids", ids)
                .getResultList();
        Map<String, String> titles = qrCodes.titles(codes.stream().map(DynamicCode::qrCodeId).toList());
        return codes.stream().collect(Collectors.toMap(DynamicCode::id,
                code -> new Summary(code.shortCode(), titles.get(code.qrCodeId()), code.deleted())));
    }

    /** A code by the id of its QR record, as a bulk job's results name it. */
    public record Link(String id, String shortCode) {
    }

    /** The links of the workspace's codes (deleted ones included) whose QR records are among {@code qrCodeIds}. */
    public Map<String, Link> byQrCode(String workspaceId, Collection<String> qrCodeIds) {
        if (qrCodeIds.isEmpty()) {
            return Map.of();
        }
        return em.createQuery("select d from DynamicCode d where d.workspaceId = :ws and d.qrCodeId in :ids",
                DynamicCode.class).setParameter("ws", workspaceId).setParameter("ids", qrCodeIds).getResultStream()
                .collect(Collectors.toMap(DynamicCode::qrCodeId, code -> new Link(code.id(), code.shortCode())));
    }

    /** The id of the workspace's dynamic code known by {@code id}: its own, or its QR record's. */
    public Optional<String> idFor(String workspaceId, String id) {
        return em.createQuery("select d.id from DynamicCode d where d.workspaceId = :ws and (d.id = :id"
                + " or d.qrCodeId = :id) and d.deletedAt is null", String.class)
                .setParameter("ws", workspaceId).setParameter("id", id)
                .getResultStream().findFirst();
    }

    /**
     * The workspace's dynamic code with this id; another workspace's id, and a deleted code's, are reported exactly
     * like an unknown one.
     */
    DynamicCode find(String workspaceId, String id) {
        return em.createQuery("select d from DynamicCode d where d.id = :id and d.workspaceId = :ws"
                + " and d.deletedAt is null", DynamicCode.class)
                .setParameter("id", id).setParameter("ws", workspaceId)
                .getResultStream().findFirst()
                .orElseThrow(() -> ApiException.notFound("dynamic code " + id));
    }

    /** A code's own fields as the audit log compares them (its QR record's are that record's). */
    private static Change.Fields audited(DynamicCode code) {
        DynamicCode.Settings s = code.settings();
        return Change.Fields.of().with("shortCode", code.shortCode()).with("domain", code.scope().host())
                .with("destinationUrl", s.destinationUrl())
                .with("status", s.status().wireName()).with("rules", s.rules().tree()).with("utm", s.utm())
                .with("validFrom", s.validity().validFrom()).with("expiresAt", s.validity().expiresAt())
                .with("maxScans", s.validity().maxScans()).with("expiredUrl", s.expiredUrl())
                .secret("password", s.passwordHash()).with("qrCodeId", code.qrCodeId())
                .with("campaign", code.campaignId());
    }

    private DynamicView view(DynamicCode code, QrView qr, long storedCount) {
        DynamicCode.Settings s = code.settings();
        return new DynamicView(code.id(), code.shortCode(), code.scope().host(), qr.data(), s.destinationUrl(),
                s.status().wireName(), storedCount + scans.pending(code.id()), s.rules().tree(), s.utm(),
                s.validity().validFrom(), s.validity().expiresAt(), s.validity().maxScans(), s.expiredUrl(),
                s.passwordHash() != null, qr.title(), qr.tags(), code.campaignId(), code.createdAt(),
                code.updatedAt(), qr);
    }

    private String freshShortCode(LinkScope scope) {
        for (int attempt = 0; attempt < SHORT_CODE_ATTEMPTS; attempt++) {
            String candidate = Ids.randomBase62(SHORT_CODE_LENGTH);
            if (!shortCodeExists(scope, candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no free short code after " + SHORT_CODE_ATTEMPTS + " attempts");
    }

    private String customShortCode(LinkScope scope, String shortCode) {
        if (!ShortLinks.wellFormed(shortCode)) {
            throw ApiException.invalid("shortCode",
                    "shortCode must be 3 to 64 characters of A-Z, a-z, 0-9, '_' and '-'");
        }
        if (shortCodeExists(scope, shortCode)) {
            throw shortCodeTaken(shortCode);
        }
        return shortCode;
    }

    private boolean shortCodeExists(LinkScope scope, String shortCode) {
        return !em.createQuery("select d.id from DynamicCode d where d.domainId = :domain and d.shortCode = :code",
                        String.class).setParameter("domain", scope.domainId()).setParameter("code", shortCode)
                .setMaxResults(1).getResultList().isEmpty();
    }

    private static ApiException shortCodeTaken(String shortCode) {
        return new ApiException(ErrorCode.CONFLICT, "shortCode", "shortCode '" + shortCode + "' is already taken");
    }

    /**
     * A bulk change's values checked once, before any code is touched: a value that is wrong whatever the code (a
     * malformed URL, status or timestamp) is a 400 on {@code patch.<field>} for the whole change, rather than the same
     * failure repeated for every code selected.
     */
    public static void checkValues(JsonNode patch) {
        // Which fields a bulk change may set is its own business (DynamicBulkChanges), checked before this.
        Iterable<Map.Entry<String, JsonNode>> fields = MergePatch.object(patch)::fields;
        for (Map.Entry<String, JsonNode> field : fields) {
            JsonNode value = field.getValue();
            try {
                switch (field.getKey()) {
                    case "destinationUrl" -> Destinations.requireHttpUrl("destinationUrl",
                            MergePatch.text("destinationUrl", value));
                    case "status" -> status(MergePatch.text("status", value));
                    case "expiresAt" -> MergePatch.optional(value, "expiresAt", text -> Instants.parse("expiresAt", text));
                    case "tags" -> checkTags(value);
                    default -> {
                        // checked with the code it changes
                    }
                }
            } catch (ApiException bad) {
                throw ApiException.invalid("patch." + field.getKey(), bad.getMessage());
            }
        }
    }

    private static void checkTags(JsonNode value) {
        if (value.isNull()) {
            return;
        }
        if (!value.isArray()) {
            throw ApiException.invalid("tags", "tags must be an array of strings, or null");
        }
        List<String> tags = new ArrayList<>();
        for (JsonNode tag : value) {
            tags.add(MergePatch.text("tags[" + tags.size() + "]", tag));
        }
        Labels.tags(tags);
    }

    private static DynamicStatus status(String value) {
        return DynamicStatus.fromWire(value).orElseThrow(() -> ApiException.invalid("status",
                "status must be one of: " + String.join(", ", DynamicStatus.wireNames()) + "; got '" + value + "'"));
    }
}
