package dev.qrforge.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.platform.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;

/**
 * The {@code webhook_delivery} table, the durable outbox: events are added in the transaction that produced them,
 * and workers claim due rows, each for a lease, then record how the attempt went. Every node may run a worker
 * against the same database: a claim locks its rows with {@code for update skip locked} (PostgreSQL, and H2 2.x,
 * which has it too) and moves them out of reach for the lease, so no two workers ever hold the same row; a worker
 * that dies mid-delivery leaves its rows to be claimed again when the lease ends, which is how a restart loses
 * nothing. Plain JDBC, so that a flush's rows go in as one batch.
 */
@ApplicationScoped
public class Outbox {

    enum Status { PENDING, DELIVERED, FAILED }

    /** An event for one webhook, before it has an id. */
    record NewEvent(String webhookId, EventType type, Instant createdAt, Object data) {
    }

    /** A delivery a worker holds for its lease: the body to send, where, and the secret to sign it with. */
    record Claimed(String id, String payload, int attempt, String url, String secret) {
    }

    /** What the body of every delivery looks like; {@code id} is also the Qrforge-Webhook-Id header. */
    record Envelope(String id, String type, Instant createdAt, Object data) {
    }

    private static final ObjectMapper JSON = JsonConfig.build();
    private static final int MAX_ERROR_LENGTH = 1000;
    private static final String INSERT = "insert into webhook_delivery (id, webhook_id, event_type, payload, status,"
            + " attempts, next_attempt_at, created_at) values (?, ?, ?, ?, 'PENDING', 0, ?, ?)";
    private static final String LEASE = "update webhook_delivery set attempts = attempts + 1, next_attempt_at = ?"
            + " where id = ?";
    private static final String FINISH = "update webhook_delivery set status = ?, last_status = ?, last_error = ?,"
            + " next_attempt_at = ?, finished_at = ? where id = ? and attempts = ? and status = 'PENDING'";
    private static final String RETRY = "update webhook_delivery set last_status = ?, last_error = ?,"
            + " next_attempt_at = ? where id = ? and attempts = ? and status = 'PENDING'";
    private static final String RECENT = "select id, event_type, status, attempts, last_status, last_error,"
            + " next_attempt_at, created_at, finished_at from webhook_delivery where webhook_id = ?"
            + " order by created_at desc, id desc";

    @Inject
    DataSource dataSource;

    /**
     * Adds events in the caller's transaction, so they commit or roll back with what produced them. An event for a
     * webhook deleted meanwhile is dropped: what produced it must still commit (see {@link #add(Connection, List)}).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void add(List<NewEvent> events) {
        if (events.isEmpty()) {
            return;
        }
        try (Connection connection = dataSource.getConnection()) {
            add(connection, events);
        } catch (SQLException | JsonProcessingException e) {
            throw new IllegalStateException("could not add webhook events: " + e.getMessage(), e);
        }
    }

    /**
     * The webhooks' rows are locked first, so that a webhook being deleted is either deleted after these rows are
     * in (and its cascade takes them) or already gone, and its events left out. The subscribers were read earlier in
     * the caller's transaction: without the lock, a deletion committed since made the insert break the foreign key
     * and roll back the scan flush, bulk chunk or deletion that produced the event.
     */
    static void add(Connection connection, List<NewEvent> events) throws SQLException, JsonProcessingException {
        List<String> webhookIds = events.stream().map(NewEvent::webhookId).distinct().toList();
        Set<String> live = new HashSet<>();
        try (PreparedStatement lock = connection.prepareStatement(
                "select id from webhook where id in (" + marks(webhookIds.size()) + ") for update")) {
            for (int i = 0; i < webhookIds.size(); i++) {
                lock.setString(i + 1, webhookIds.get(i));
            }
            try (ResultSet row = lock.executeQuery()) {
                while (row.next()) {
                    live.add(row.getString(1));
                }
            }
        }
        try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
            for (NewEvent event : events) {
                if (!live.contains(event.webhookId())) {
                    continue;
                }
                String id = Ids.next("evt_");
                insert.setString(1, id);
                insert.setString(2, event.webhookId());
                insert.setString(3, event.type().wireName());
                insert.setString(4, JSON.writeValueAsString(
                        new Envelope(id, event.type().wireName(), event.createdAt(), event.data())));
                insert.setObject(5, utc(event.createdAt()));
                insert.setObject(6, utc(event.createdAt()));
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /**
     * Claims up to {@code limit} deliveries due at {@code now}, oldest first, counting the attempt about to be made
     * and leasing each until {@code leaseEnd}.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public List<Claimed> claim(int limit, Instant now, Instant leaseEnd) {
        try (Connection connection = dataSource.getConnection()) {
            record Due(String id, String webhookId, String payload, int attempt) {
            }
            List<Due> due = new ArrayList<>();
            // limit is an integer from configuration, not input: inlined, as not every driver binds FETCH FIRST.
            try (PreparedStatement select = connection.prepareStatement("select id, webhook_id, payload, attempts"
                    + " from webhook_delivery where status = 'PENDING' and next_attempt_at <= ?"
                    + " order by next_attempt_at, id fetch first " + limit + " rows only for update skip locked")) {
                select.setObject(1, utc(now));
                try (ResultSet row = select.executeQuery()) {
                    while (row.next()) {
                        due.add(new Due(row.getString(1), row.getString(2), row.getString(3), row.getInt(4) + 1));
                    }
                }
            }
            if (due.isEmpty()) {
                return List.of();
            }
            try (PreparedStatement lease = connection.prepareStatement(LEASE)) {
                for (Due delivery : due) {
                    lease.setObject(1, utc(leaseEnd));
                    lease.setString(2, delivery.id());
                    lease.addBatch();
                }
                lease.executeBatch();
            }
            Map<String, String[]> targets = targets(connection, due.stream().map(Due::webhookId).distinct().toList());
            return due.stream().filter(delivery -> targets.containsKey(delivery.webhookId()))
                    .map(delivery -> new Claimed(delivery.id(), delivery.payload(), delivery.attempt(),
                            targets.get(delivery.webhookId())[0], targets.get(delivery.webhookId())[1]))
                    .toList();
        } catch (SQLException e) {
            throw new IllegalStateException("could not claim webhook deliveries: " + e.getMessage(), e);
        }
    }

    private static String marks(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

    /** Each webhook's url and secret. */
    private static Map<String, String[]> targets(Connection connection, List<String> webhookIds) throws SQLException {
        Map<String, String[]> targets = new HashMap<>();
        try (PreparedStatement select = connection.prepareStatement(
                "select id, url, secret from webhook where id in (" + marks(webhookIds.size()) + ")")) {
            for (int i = 0; i < webhookIds.size(); i++) {
                select.setString(i + 1, webhookIds.get(i));
            }
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    targets.put(row.getString(1), new String[] {row.getString(2), row.getString(3)});
                }
            }
        }
        return targets;
    }

    /**
     * Records the end of a delivery (DELIVERED or FAILED). Like {@link #retryAt}, it changes the row only while it
     * is still this attempt's: a worker that outlived its lease must not overwrite a later attempt's outcome.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void finish(Claimed delivery, Status status, Integer httpStatus, String error, Instant now) {
        update(FINISH, statement -> {
            statement.setString(1, status.name());
            setStatus(statement, 2, httpStatus);
            statement.setString(3, truncate(error));
            statement.setObject(4, utc(now));
            statement.setObject(5, utc(now));
            statement.setString(6, delivery.id());
            statement.setInt(7, delivery.attempt());
        });
    }

    /** Records a failed attempt and when to try again. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void retryAt(Claimed delivery, Integer httpStatus, String error, Instant next) {
        update(RETRY, statement -> {
            setStatus(statement, 1, httpStatus);
            statement.setString(2, truncate(error));
            statement.setObject(3, utc(next));
            statement.setString(4, delivery.id());
            statement.setInt(5, delivery.attempt());
        });
    }

    /** Deletes finished deliveries older than {@code before}; returns how many. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public int purge(Instant before) {
        try (Connection connection = dataSource.getConnection(); PreparedStatement delete = connection.prepareStatement(
                "delete from webhook_delivery where status <> 'PENDING' and finished_at < ?")) {
            delete.setObject(1, utc(before));
            return delete.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not purge webhook deliveries: " + e.getMessage(), e);
        }
    }

    /** A webhook's latest {@code limit} deliveries, newest first. */
    public List<DeliveryView> recent(String webhookId, int limit) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(RECENT)) {
            select.setMaxRows(limit);
            select.setString(1, webhookId);
            List<DeliveryView> views = new ArrayList<>();
            try (ResultSet row = select.executeQuery()) {
                while (row.next()) {
                    boolean pending = row.getString(3).equals(Status.PENDING.name());
                    // Not getInt: a NULL status (no HTTP answer) must stay null, never become 0.
                    Integer lastStatus = row.getObject(5, Integer.class);
                    views.add(new DeliveryView(row.getString(1), row.getString(2), row.getString(3), row.getInt(4),
                            lastStatus, row.getString(6),
                            pending ? instant(row, 7) : null, instant(row, 8), instant(row, 9)));
                }
            }
            return views;
        } catch (SQLException e) {
            throw new IllegalStateException("could not read webhook deliveries: " + e.getMessage(), e);
        }
    }

    private interface Binding {
        void bind(PreparedStatement statement) throws SQLException;
    }

    private void update(String sql, Binding binding) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            binding.bind(statement);
            statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not record a webhook delivery: " + e.getMessage(), e);
        }
    }

    private static void setStatus(PreparedStatement statement, int index, Integer httpStatus) throws SQLException {
        if (httpStatus == null) {
            statement.setNull(index, Types.INTEGER);
        } else {
            statement.setInt(index, httpStatus);
        }
    }

    private static String truncate(String error) {
        return error == null || error.length() <= MAX_ERROR_LENGTH ? error : error.substring(0, MAX_ERROR_LENGTH);
    }

    private static OffsetDateTime utc(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    private static Instant instant(ResultSet row, int column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
