package dev.qrforge.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.Change;
import dev.qrforge.api.Csv;
import dev.qrforge.api.Cursor;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.api.Keyset;
import dev.qrforge.api.Page;
import dev.qrforge.api.PageRequest;
import dev.qrforge.api.RequestId;
import dev.qrforge.api.Where;
import dev.qrforge.client.ClientFactsResolver;
import dev.qrforge.client.ClientFactsService;
import dev.qrforge.platform.Ids;
import dev.qrforge.platform.StoredTime;
import dev.qrforge.security.Caller;
import dev.qrforge.security.CallerContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.time.Clock;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/** Writes the entries, in the transaction of the change they record, and reads them back for their workspace. */
@ApplicationScoped
public class AuditLog {

    static final List<String> CSV_COLUMNS = List.of("createdAt", "id", "actor", "action", "resourceType",
            "resourceId", "address", "requestId", "before", "after");
    private static final ObjectMapper JSON = JsonConfig.build();

    @PersistenceContext
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    CallerContext callers;

    @Inject
    RequestId requestId;

    @Inject
    HttpServletRequest request;

    @Inject
    ClientFactsService clients;

    /**
     * Records a change within the transaction that makes it (mandatory: an entry without its change, or a change
     * without its entry, would make the log lie). Changes come from API requests, whose caller made them.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    void record(@Observes Change change) {
        if (!change.changedAnything()) {
            return;
        }
        Caller caller = callers.current();
        Function<String, String> headers = ClientFactsResolver.headers(request::getHeader,
                name -> Collections.list(request.getHeaders(name)));
        InetAddress address = clients.address(request.getRemoteAddr(), headers);
        em.persist(new AuditEntry(Ids.next("aud_"), change.workspaceId(), StoredTime.now(clock),
                caller.credentialId(), change.action(), change.resourceType(), change.resourceId(),
                change.before().toString(), change.after().toString(),
                address == null ? null : address.getHostAddress(), requestId.value()));
    }

    /**
     * The filters of {@code GET /api/v1/audit}, each an exact match; null means unfiltered.
     *
     * @param createdFrom inclusive, ISO-8601
     * @param createdTo   exclusive, ISO-8601
     */
    public record Filter(String action, String resourceType, String resourceId, String actor, String createdFrom,
            String createdTo) {

        Where where() {
            return new Where().created(createdFrom, createdTo)
                    .and("e.action = :action", "action", blankless(action))
                    .and("e.resourceType = :resourceType", "resourceType", blankless(resourceType))
                    .and("e.resourceId = :resourceId", "resourceId", blankless(resourceId))
                    .and("e.actor = :actor", "actor", blankless(actor));
        }

        private static String blankless(String value) {
            return value == null || value.isEmpty() ? null : value;
        }
    }

    /** The workspace's entries that match, newest first. */
    public Page<AuditView> list(String workspaceId, Filter filter, PageRequest page) {
        return Keyset.newestFirst(em, AuditEntry.class, filter.where(), workspaceId, page,
                entry -> new Cursor(entry.createdAt(), entry.id()),
                entries -> entries.stream().map(AuditLog::view).toList());
    }

    /**
     * Every entry of the workspace that matches, newest first, as CSV ({@link #CSV_COLUMNS}; before and after as
     * JSON text), read a page at a time so that a long log never sits in memory.
     */
    public void csv(String workspaceId, Filter filter, Writer out) {
        try {
            out.write(String.join(",", CSV_COLUMNS) + "\n");
            Cursor after = null;
            do {
                Page<AuditView> page = list(workspaceId, filter, new PageRequest(PageRequest.MAX_LIMIT, after));
                for (AuditView entry : page.items()) {
                    out.write(Csv.record(entry.createdAt().toString(), entry.id(), entry.actor(), entry.action(),
                            entry.resourceType(), entry.resourceId(), entry.address(), entry.requestId(),
                            entry.before().toString(), entry.after().toString()));
                }
                after = page.nextCursor() == null ? null : Cursor.decode(page.nextCursor());
            } while (after != null);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static AuditView view(AuditEntry entry) {
        try {
            return new AuditView(entry.id(), entry.createdAt(), entry.actor(), entry.action(), entry.resourceType(),
                    entry.resourceId(), JSON.readTree(entry.before()), JSON.readTree(entry.after()), entry.address(),
                    entry.requestId());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("audit entry " + entry.id() + " holds no JSON", e);
        }
    }
}
