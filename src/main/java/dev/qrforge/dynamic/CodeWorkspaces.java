package dev.qrforge.dynamic;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Which workspace each dynamic code belongs to, for features that know codes by id only (scan webhooks). */
@ApplicationScoped
public class CodeWorkspaces {

    /** Ids bound per query: far below PostgreSQL's limit on a statement's parameters. */
    private static final int IDS_PER_QUERY = 1000;

    @PersistenceContext
    EntityManager em;

    /** The workspace of every code of {@code codeIds} that exists: one query per thousand codes. */
    public Map<String, String> of(Collection<String> codeIds) {
        List<String> ids = List.copyOf(codeIds);
        Map<String, String> workspaces = new HashMap<>();
        for (int from = 0; from < ids.size(); from += IDS_PER_QUERY) {
            em.createQuery("select d.id, d.workspaceId from DynamicCode d where d.id in :ids", Object[].class)
                    .setParameter("ids", ids.subList(from, Math.min(ids.size(), from + IDS_PER_QUERY)))
                    .getResultStream().forEach(row -> workspaces.put((String) row[0], (String) row[1]));
        }
        return workspaces;
    }
}
