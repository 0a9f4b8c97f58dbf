package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bulk jobs change nodes through their leases. A server of the test's own on a PostgreSQL of the test's own, with short
 * leases set through the environment, plays one node; the test plays the others by writing their rows: a node that
 * died (the server finishes its job, redoing only the pending items), a live node (its job is left alone), and a node
 * that takes a job the server is running, as if the server had stalled past its lease (the server's results for it
 * are refused, and when that node's lease passes in turn the server finishes the job: every item gets one code).
 */
@DatabaseIndependent
class BulkTakeoverIT {

    private static final String NODE = "it-server-bulk-takeover";
    private static final String GONE = "it-node-gone";
    private static final String ALIVE = "it-node-alive";
    private static final String ORPHAN = "job_itOrphanedByGoneNode";
    private static final String HELD = "job_itHeldByLiveNode";
    private static final String THIEF = "it-node-thief";
    private static final int ITEMS = 20;
    private static final int DONE_BEFORE = 10;

    private static ScratchPostgres postgres;
    private static ProvisionedServer server;

    @BeforeAll
    static void start() throws Exception {
        postgres = ScratchPostgres.start(Paths.get("target", "it-postgres-bulk-takeover"));
        server = new ProvisionedServer(NODE, 650, environment(postgres));
        server.start(Api.KEY);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void aJobWhoseNodeIsGoneIsFinishedHereAndOnlyItsPendingItemsAreRedone() throws Exception {
        // A job accepted and run here gives the workspace and the items as the service stores them.
        List<Map<String, Object>> items = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            items.add(Map.of("data", "https://example.com/takeover/" + i, "format", i % 2 == 0 ? "svg" : "png"));
        }
        String model = submit(Map.of("items", items));
        JsonNode modelJob = BulkIT.awaitFinished(server.baseUrl(), model);
        assertThat(modelJob.path("succeeded").asInt()).isEqualTo(ITEMS);

        try (Connection db = connect()) {
            db.setAutoCommit(false);
            copy(db, model, ORPHAN, GONE, "now() - interval '1 minute'");
            copy(db, model, HELD, ALIVE, "now() + interval '1 hour'");
            db.commit();
        }

        JsonNode job = BulkIT.awaitFinished(server.baseUrl(), ORPHAN);
        assertThat(job.path("status").asText()).isEqualTo("COMPLETED");
        assertThat(job.path("succeeded").asInt()).isEqualTo(ITEMS);
        assertThat(job.path("results").findValuesAsText("index")).hasSize(ITEMS).doesNotHaveDuplicates();
        for (int i = 0; i < ITEMS; i++) {
            String id = job.path("results").get(i).path("id").asText();
            String before = modelJob.path("results").get(i).path("id").asText();
            if (i < DONE_BEFORE) {
                assertThat(id).as("item " + i + ", done before the node died, keeps its code").isEqualTo(before);
            } else {
                assertThat(id).as("item " + i + ", pending, gets a code of its own").isNotEqualTo(before);
            }
        }
        Api.Reply archive = Api.send(Api.requestTo(server.baseUrl(), Api.KEY,
                "/api/v1/qr/bulk/" + ORPHAN + "/archive").GET());
        assertThat(archive.status()).isEqualTo(200);
        Map<String, byte[]> files = BulkIT.unzip(archive.bytes());
        assertThat(files).hasSize(ITEMS + 1);
        assertThat(new String(files.get("manifest.csv"), StandardCharsets.UTF_8)).doesNotContain("FAILED");

        try (Connection db = connect()) {
            assertThat(owner(db, ORPHAN)).isEqualTo(NODE + " COMPLETED");
            // The sweep that took the orphan over saw this one too: a live lease is never claimed.
            assertThat(owner(db, HELD)).isEqualTo(ALIVE + " STARTED");
        }
        assertThat(server.console()).contains("Taking over bulk job " + ORPHAN + " from node " + GONE);
    }

    @Test
    void aNodeThatLostItsJobRecordsNothingForItAndEveryItemGetsOneCode() throws Exception {
        List<Map<String, Object>> items = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            items.add(Map.of("data", "https://example.com/stolen/" + i));
        }
        String jobId = submit(Map.of("defaults", Map.of("format", "png", "size", 1000), "items", items));
        try (Connection db = connect(); PreparedStatement steal = db.prepareStatement("update bulk_job set"
                + " node_name = ?, lease_until = now() + interval '3 seconds' where id = ? and status = 'STARTED'")) {
            steal.setString(1, THIEF);
            steal.setString(2, jobId);
            // 200 codes of 1000 px take seconds; the job has only begun.
            assertThat(steal.executeUpdate()).as("the job taken while it runs").isEqualTo(1);
        }

        JsonNode job = BulkIT.awaitFinished(server.baseUrl(), jobId);
        assertThat(job.path("status").asText()).isEqualTo("COMPLETED");
        assertThat(job.path("succeeded").asInt()).isEqualTo(200);
        assertThat(job.path("results").findValuesAsText("index")).hasSize(200).doesNotHaveDuplicates();
        try (Connection db = connect(); PreparedStatement codes = db.prepareStatement(
                "select count(*) from qr_code where payload like 'https://example.com/stolen/%'")) {
            try (ResultSet count = codes.executeQuery()) {
                count.next();
                assertThat(count.getInt(1)).as("codes stored, one per item").isEqualTo(200);
            }
            assertThat(owner(db, jobId)).isEqualTo(NODE + " COMPLETED");
        }
        assertThat(server.console()).contains("Taking over bulk job " + jobId + " from node " + THIEF);
    }

    private static String submit(Object body) {
        Api.Reply accepted = Api.send(Api.requestTo(server.baseUrl(), Api.KEY, "/api/v1/qr/bulk")
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(Api.json(body))));
        assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);
        return accepted.json().path("jobId").asText();
    }

    private static Map<String, String> environment(ScratchPostgres postgres) {
        Map<String, String> env = postgres.serverEnvironment(Api.KEY);
        env.put("QRFORGE_BULK_LEASE_MILLIS", "5000");
        env.put("QRFORGE_BULK_LEASE_RENEW_INTERVAL_MILLIS", "500");
        return env;
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(postgres.jdbcUrl(), ScratchPostgres.USER, "trusted");
    }

    /** A copy of {@code model} as {@code node} would have left it: the first items done, the others pending. */
    private static void copy(Connection db, String model, String id, String node, String leaseUntil)
            throws SQLException {
        try (PreparedStatement job = db.prepareStatement("insert into bulk_job (id, workspace_id, status, total,"
                + " succeeded, failed, node_name, created_at, lease_until) select ?, workspace_id, 'STARTED', total, ?,"
                + " 0, ?, now(), " + leaseUntil + " from bulk_job where id = ?")) {
            job.setString(1, id);
            job.setInt(2, DONE_BEFORE);
            job.setString(3, node);
            job.setString(4, model);
            assertThat(job.executeUpdate()).isEqualTo(1);
        }
        try (PreparedStatement items = db.prepareStatement("insert into bulk_item (job_id, item_index, request,"
                + " filename, status, qr_code_id) select ?, item_index, request, filename, case when item_index < ?"
                + " then status else 'PENDING' end, case when item_index < ? then qr_code_id end from bulk_item"
                + " where job_id = ?")) {
            items.setString(1, id);
            items.setInt(2, DONE_BEFORE);
            items.setInt(3, DONE_BEFORE);
            items.setString(4, model);
            assertThat(items.executeUpdate()).isEqualTo(ITEMS);
        }
    }

    /** "node status" of a job. */
    private static String owner(Connection db, String jobId) throws SQLException {
        try (PreparedStatement select = db.prepareStatement("select node_name, status from bulk_job where id = ?")) {
            select.setString(1, jobId);
            try (ResultSet row = select.executeQuery()) {
                assertThat(row.next()).as("job " + jobId).isTrue();
                return row.getString(1) + " " + row.getString(2);
            }
        }
    }
}
