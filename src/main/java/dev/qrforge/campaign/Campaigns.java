package dev.qrforge.campaign;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.Change;
import dev.qrforge.api.Cursor;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.Keyset;
import dev.qrforge.api.MergePatch;
import dev.qrforge.api.Names;
import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import dev.qrforge.api.Where;
import dev.qrforge.platform.Ids;
import dev.qrforge.platform.StoredTime;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A workspace's campaigns. Deleting one keeps its codes, which leave it ({@link CampaignDeleted}): a folder goes, what
 * was filed in it stays.
 */
@ApplicationScoped
public class Campaigns {

    static final int MAX_NAME_LENGTH = 100;
    static final int MAX_DESCRIPTION_LENGTH = 1000;
    /** What the audit log calls a campaign. */
    static final String RESOURCE = "campaign";
    private static final List<String> PATCH_FIELDS = List.of("name", "description");

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    Event<Change> changes;

    @Inject
    Event<CampaignDeleted> deletions;

    @Inject
    CampaignCodes codes;

    @Transactional
    public CampaignView create(String workspaceId, CampaignRequest request) {
        if (request == null) {
            throw new ApiException(ErrorCode.INVALID_JSON, null,
                    "the request body must be a JSON object, e.g. {\"name\": \"Spring sale\"}");
        }
        Instant now = StoredTime.now(clock);
        Campaign campaign = new Campaign(Ids.next("cmp_"), workspaceId, now);
        save(workspaceId, campaign, name(request.name()), description(request.description()), now);
        em.persist(campaign);
        flush(campaign);
        changes.fire(Change.created(workspaceId, RESOURCE, campaign.id(), audited(campaign)));
        return campaign.view(0);
    }

    @Transactional
    public Page<CampaignView> list(String workspaceId, PageRequest page, String q) {
        Where where = new Where().and("lower(e.name) like :q " + Where.LIKE_ESCAPE, "q", Where.contains(q));
        return Keyset.newestFirst(em, Campaign.class, where, workspaceId, page,
                campaign -> new Cursor(campaign.createdAt(), campaign.id()),
                campaigns -> views(workspaceId, campaigns));
    }

    @Transactional
    public CampaignView get(String workspaceId, String id) {
        return views(workspaceId, List.of(find(workspaceId, id, LockModeType.NONE))).get(0);
    }

    /** A JSON merge patch (RFC 7396) of {@code name} and {@code description} (null removes the description). */
    @Transactional
    public CampaignView patch(String workspaceId, String id, JsonNode patch) {
        Iterable<Map.Entry<String, JsonNode>> fields = MergePatch.fields(patch, PATCH_FIELDS);
        Campaign campaign = find(workspaceId, id, LockModeType.NONE);
        Change.Fields before = audited(campaign);
        String name = campaign.name();
        String description = campaign.description();
        for (Map.Entry<String, JsonNode> field : fields) {
            JsonNode value = field.getValue();
            switch (field.getKey()) {
                case "name" -> name = name(MergePatch.text("name", value));
                case "description" -> description = description(MergePatch.optional(value, "description", text -> text));
            }
        }
        save(workspaceId, campaign, name, description, StoredTime.now(clock));
        flush(campaign);
        changes.fire(Change.of(workspaceId, Change.UPDATE, RESOURCE, id, before, audited(campaign)));
        return get(workspaceId, id);
    }

    /** Its codes stay, in no campaign, with their scans: the observers of {@link CampaignDeleted} take them out. */
    @Transactional
    public void delete(String workspaceId, String id) {
        Campaign campaign = find(workspaceId, id, LockModeType.PESSIMISTIC_WRITE);
        deletions.fire(new CampaignDeleted(workspaceId, id));
        em.remove(campaign);
        changes.fire(Change.of(workspaceId, Change.DELETE, RESOURCE, id, audited(campaign), Change.Fields.NONE));
    }

    /**
     * The id of the workspace's campaign {@code id}, for a code to be put in; another workspace's campaign, or none,
     * is a bad value of {@code field}, as a design template a request names is. The campaign's row stays locked
     * until the caller's transaction ends, as does a deletion's: a code filed while its campaign is deleted is either
     * taken out by the deletion or refused after it, never left pointing at a campaign that is gone.
     */
    public String require(String workspaceId, String id, String field) {
        return saved(workspaceId, id, LockModeType.PESSIMISTIC_WRITE).map(Campaign::id)
                .orElseThrow(() -> ApiException.invalid(field,
                        field + " '" + id + "' is not a campaign of this workspace"));
    }

    private List<CampaignView> views(String workspaceId, List<Campaign> campaigns) {
        Map<String, Long> counts = campaigns.isEmpty() ? Map.of()
                : codes.counts(workspaceId, campaigns.stream().map(Campaign::id).toList());
        return campaigns.stream().map(c -> c.view(counts.getOrDefault(c.id(), 0L))).toList();
    }

    /** A name another campaign of the workspace has, whatever its case, is a conflict. */
    private void save(String workspaceId, Campaign campaign, String name, String description, Instant at) {
        boolean taken = em.createQuery("select c.id from Campaign c where c.workspaceId = :ws and c.nameKey = :key"
                + " and c.id <> :id", String.class).setParameter("ws", workspaceId)
                .setParameter("key", Campaign.key(name)).setParameter("id", campaign.id()).setMaxResults(1)
                .getResultList().size() > 0;
        if (taken) {
            throw nameTaken(name);
        }
        campaign.set(name, description, at);
    }

    /** Two requests that checked the same new name at once: the unique index lets one through. */
    private void flush(Campaign campaign) {
        try {
            em.flush();
        } catch (PersistenceException e) {
            throw nameTaken(campaign.name());
        }
    }

    private static ApiException nameTaken(String name) {
        return new ApiException(ErrorCode.CONFLICT, "name", "a campaign named '" + name
                + "' already exists in this workspace (names are compared ignoring case)");
    }

    private static String name(String name) {
        return Names.required("name", name, MAX_NAME_LENGTH);
    }

    /** Blank is none; line breaks are allowed, as in any longer text, but no other control characters. */
    private static String description(String description) {
        if (description == null || Names.blank(description)) {
            return null;
        }
        if (Names.length(description) > MAX_DESCRIPTION_LENGTH || description.codePoints()
                .anyMatch(c -> Character.isISOControl(c) && c != '\n' && c != '\r' && c != '\t')) {
            throw ApiException.invalid("description", "description must be at most " + MAX_DESCRIPTION_LENGTH
                    + " characters, without control characters other than line breaks and tabs");
        }
        return description.strip();
    }

    private static Change.Fields audited(Campaign campaign) {
        return Change.Fields.of().with("name", campaign.name()).with("description", campaign.description());
    }

    /** Another workspace's campaign is not found, exactly like one that does not exist. */
    private Campaign find(String workspaceId, String id, LockModeType lock) {
        return saved(workspaceId, id, lock).orElseThrow(() -> ApiException.notFound("campaign " + id));
    }

    private Optional<Campaign> saved(String workspaceId, String id, LockModeType lock) {
        return em.createQuery("select c from Campaign c where c.id = :id and c.workspaceId = :ws", Campaign.class)
                .setParameter("id", id).setParameter("ws", workspaceId).setLockMode(lock).getResultStream()
                .findFirst();
    }
}
