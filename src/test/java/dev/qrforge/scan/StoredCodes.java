package dev.qrforge.scan;

import dev.qrforge.testing.IgnoredEvents;
import dev.qrforge.testing.MigratedDatabases;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/** What the scan tables' tests store besides scans: the flush's store, and codes as the API would have stored them. */
final class StoredCodes {

    private StoredCodes() {
    }

    /** The flush's store on a fresh, fully migrated {@code database}, telling no one what it wrote. */
    static ScanStore store(String database, MigratedDatabases.Schema pgSchema) throws SQLException {
        DataSource dataSource = pgSchema.migrated(database);
        ScanStore store = new ScanStore();
        store.dataSource = dataSource;
        store.written = new IgnoredEvents<>();
        return store;
    }

    /** A dynamic code row with its QR record in workspace {@code ws_<id>}, created with it. */
    static void insertCode(DataSource dataSource, String id, boolean deleted) throws SQLException {
        insertCode(dataSource, "ws_" + id, id, deleted);
    }

    /** A dynamic code row with its QR record in {@code workspaceId}, created if it is not there yet. */
    static void insertCode(DataSource dataSource, String workspaceId, String id, boolean deleted)
            throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            try (ResultSet workspace = sql.executeQuery("select count(*) from workspace where id = '" + workspaceId
                    + "'")) {
                workspace.next();
                if (workspace.getLong(1) == 0) {
                    sql.execute("insert into workspace (id, name, created_at) values ('" + workspaceId + "', '"
                            + workspaceId + "', current_timestamp)");
                }
            }
            sql.execute("insert into qr_code (id, workspace_id, payload, image_format, size_px, margin_modules,"
                    + " error_correction, design, safety_score, safety_status, safety_verified, safety_warnings,"
                    + " created_at, dynamic_code_id, dynamic_status) values ('qr_" + id + "', '" + workspaceId + "',"
                    + " 'https://s.example/" + id + "', 'svg', 300, 4, 'M', '{}', 100, 'OPTIMAL', true, '',"
                    + " current_timestamp, '" + id + "', 'active')");
            sql.execute("insert into dynamic_code (id, workspace_id, short_code, destination_url, status, rules,"
                    + " scan_count, qr_code_id, created_at, updated_at, deleted_at) values ('" + id + "', '"
                    + workspaceId + "', '" + id + "', 'https://example.com', 'ACTIVE', '[]', 0, 'qr_" + id + "',"
                    + " current_timestamp, current_timestamp, " + (deleted ? "current_timestamp" : "null") + ")");
        }
    }
}
