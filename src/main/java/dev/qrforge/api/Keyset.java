package dev.qrforge.api;

import jakarta.persistence.EntityManager;
import jakarta.persistence.TypedQuery;
import java.util.List;
import java.util.function.Function;

/**
 * Newest-first keyset paging over a workspace's entities, for every listing of the API. The entity must have
 * {@code workspaceId}, {@code createdAt} and {@code id}; an index on {@code (workspace_id, created_at desc, id desc)}
 * makes every page one index range scan, however deep.
 */
public final class Keyset {

    private Keyset() {
    }

    /**
     * One page of the workspace's entities that match {@code where}. The cursor is the last item's place in the
     * newest-first order, which filters do not change: the next page of the same filters has neither gaps nor
     * repeats.
     *
     * @param position the cursor of an entity: its createdAt and id
     * @param views    turns one page of entities into what the client sees (all at once, so it can batch lookups)
     */
    public static <E, V> Page<V> newestFirst(EntityManager em, Class<E> type, Where where, String workspaceId,
            PageRequest page, Function<E, Cursor> position, Function<List<E>, List<V>> views) {
        String from = "select e " + from(type, where);
        TypedQuery<E> query;
        if (page.after() == null) {
            query = em.createQuery(from + " order by e.createdAt desc, e.id desc", type);
        } else {
            query = em.createQuery(from + " and (e.createdAt < :at"
                    + " or (e.createdAt = :at and e.id < :id)) order by e.createdAt desc, e.id desc", type)
                    .setParameter("at", page.after().createdAt())
                    .setParameter("id", page.after().id());
        }
        where.parameters().forEach(query::setParameter);
        List<E> rows = query.setParameter("ws", workspaceId).setMaxResults(page.limit() + 1).getResultList();
        List<E> items = rows.subList(0, Math.min(page.limit(), rows.size()));
        String next = rows.size() > page.limit() ? position.apply(items.get(items.size() - 1)).encode() : null;
        return new Page<>(views.apply(items), next);
    }

    /**
     * The ids of the first {@code limit} rows a listing with {@code where} shows, in its order, for work over a whole
     * selection (a bulk change) rather than a page of views.
     */
    public static List<String> newestIds(EntityManager em, Class<?> type, Where where, String workspaceId,
            int limit) {
        TypedQuery<String> query = em.createQuery("select e.id " + from(type, where)
                + " order by e.createdAt desc, e.id desc", String.class);
        where.parameters().forEach(query::setParameter);
        return query.setParameter("ws", workspaceId).setMaxResults(limit).getResultList();
    }

    private static String from(Class<?> type, Where where) {
        String condition = where.jpql();
        return "from " + type.getSimpleName() + " e where e.workspaceId = :ws"
                + (condition.isEmpty() ? "" : " and " + condition);
    }
}
