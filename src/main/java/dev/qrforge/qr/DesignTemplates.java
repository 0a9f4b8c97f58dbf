package dev.qrforge.qr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.Change;
import dev.qrforge.api.Cursor;
import dev.qrforge.api.ErrorCode;
import dev.qrforge.api.ErrorMapper;
import dev.qrforge.api.JsonConfig;
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
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.time.Clock;
import java.util.Optional;

/**
 * A workspace's design templates: saved designs that generation requests name by id ({@link TemplateReader}).
 * Codes copy the design they are made with, so changing or deleting a template never changes a code.
 */
@ApplicationScoped
public class DesignTemplates {

    /** A name is what a picker shows, not a description. */
    static final int MAX_NAME_LENGTH = 100;

    private static final ObjectMapper JSON = JsonConfig.build();
    private static final String RESOURCE = "design_template";

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    Event<Change> changes;

    @Inject
    WorkspaceLogos logos;

    @Transactional
    public TemplateView create(String workspaceId, TemplateRequest request) {
        if (request == null) {
            throw new ApiException(ErrorCode.INVALID_JSON, null, "the request body must be a JSON object, e.g."
                    + " {\"name\": \"Brand\", \"design\": {\"foregroundColor\": \"#1a237e\"}}");
        }
        DesignTemplate template = new DesignTemplate(Ids.next("tpl_"), workspaceId, StoredTime.now(clock));
        save(workspaceId, template, request);
        em.persist(template);
        changes.fire(Change.created(workspaceId, RESOURCE, template.id(), audited(template)));
        return template.view();
    }

    @Transactional
    public Page<TemplateView> list(String workspaceId, PageRequest page) {
        return Keyset.newestFirst(em, DesignTemplate.class, new Where(), workspaceId, page,
                template -> new Cursor(template.createdAt(), template.id()),
                templates -> templates.stream().map(DesignTemplate::view).toList());
    }

    @Transactional
    public TemplateView get(String workspaceId, String id) {
        return find(workspaceId, id).view();
    }

    /**
     * A JSON merge patch (RFC 7396) of {@code name} and {@code design}: the design merges member by member, null
     * removes a field; the result is checked as a new template would be.
     */
    @Transactional
    public TemplateView patch(String workspaceId, String id, JsonNode patch) {
        DesignTemplate template = find(workspaceId, id);
        Change.Fields before = audited(template);
        ObjectNode merged = JSON.valueToTree(new TemplateRequest(template.name(), template.design()));
        MergePatch.merge(merged, patch, TemplateRequest.class, "");
        try {
            save(workspaceId, template, JSON.treeToValue(merged, TemplateRequest.class));
        } catch (IOException e) {
            throw ErrorMapper.translate(e);
        }
        changes.fire(Change.of(workspaceId, Change.UPDATE, RESOURCE, id, before, audited(template)));
        return template.view();
    }

    /** Codes made from the template keep their design: they copied it. */
    @Transactional
    public void delete(String workspaceId, String id) {
        DesignTemplate template = find(workspaceId, id);
        em.remove(template);
        changes.fire(Change.of(workspaceId, Change.DELETE, RESOURCE, id, audited(template), Change.Fields.NONE));
    }

    /** A template's fields as the audit log records them. */
    private static Change.Fields audited(DesignTemplate template) {
        return Change.Fields.of().with("name", template.name()).with("design", template.design());
    }

    /** A reader of this workspace's templates, for one request. */
    public TemplateReader reader(String workspaceId) {
        return new TemplateReader(id -> saved(workspaceId, id).map(DesignTemplate::design));
    }

    /**
     * Checks the design exactly as a generation request's (in any colour space: a template may hold the inks of a
     * CMYK print design), keeps an inline logo and saves the design with the logo by its reference.
     */
    private void save(String workspaceId, DesignTemplate template, TemplateRequest request) {
        String name = Names.required("name", request.name(), MAX_NAME_LENGTH);
        if (request.design() == null) {
            throw ApiException.invalid("design", "design is required: the design object POST /api/v1/qr takes");
        }
        LogoSpec logo = QrRequestValidator.templateDesign(request.design(), logos.reader(workspaceId));
        if (logo != null) {
            logos.keep(workspaceId, logo.file());
        }
        template.set(name, logo == null ? request.design() : request.design().withLogo(logo.reference()),
                StoredTime.now(clock));
    }

    /** Another workspace's template is not found, exactly like one that does not exist. */
    private DesignTemplate find(String workspaceId, String id) {
        return saved(workspaceId, id).orElseThrow(() -> ApiException.notFound("design template " + id));
    }

    private Optional<DesignTemplate> saved(String workspaceId, String id) {
        return em.createQuery("select t from DesignTemplate t where t.id = :id and t.workspaceId = :ws",
                DesignTemplate.class).setParameter("id", id).setParameter("ws", workspaceId).getResultStream()
                .findFirst();
    }
}
