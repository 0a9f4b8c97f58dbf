package dev.qrforge.dynamic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.qrforge.testing.MigratedDatabases;
import dev.qrforge.testing.OnEachDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Schema version 21 on a real database holding codes: they land on the default domain, and a short code becomes
 * unique per domain instead of overall, whatever name the database gave version 2's constraint.
 */
@Tag(MigratedDatabases.TAG)
class DomainScopedShortCodesMigrationTest {

    @RegisterExtension
    static final MigratedDatabases.Schema PG_SCHEMA = new MigratedDatabases.Schema("qrforge_domains_migration_test");

    @OnEachDatabase
    void existingCodesLandOnTheDefaultDomainAndShortCodesBecomeUniquePerDomain(String database) throws Exception {
        DataSource dataSource = PG_SCHEMA.fresh(database);
        MigratedDatabases.flyway(dataSource, "20").migrate();
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            sql.execute("insert into workspace (id, name, created_at) values ('ws_1', 'one', current_timestamp)");
            code(sql, "dyn_old", "menu", null);
        }
        MigratedDatabases.flyway(dataSource, "latest").migrate();

        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            try (ResultSet row = sql.executeQuery("select domain_id, domain_host from dynamic_code"
                    + " where id = 'dyn_old'")) {
                assertThat(row.next()).isTrue();
                assertThat(row.getString(1)).isEmpty();
                assertThat(row.getString(2)).isNull();
            }
            code(sql, "dyn_custom", "menu", "dom_1");
            code(sql, "dyn_other", "menu", "dom_2");
            assertThatThrownBy(() -> code(sql, "dyn_again", "menu", "")).as("the default domain's menu is taken")
                    .isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> code(sql, "dyn_twice", "menu", "dom_1")).as("dom_1's menu is taken")
                    .isInstanceOf(SQLException.class);

            sql.execute("insert into custom_domain (id, workspace_id, host, status, verification_token, created_at)"
                    + " values ('dom_1', 'ws_1', 'go.example.com', 'pending', 'token', current_timestamp)");
            assertThatThrownBy(() -> sql.execute("insert into custom_domain (id, workspace_id, host, status,"
                    + " verification_token, created_at) values ('dom_3', 'ws_1', 'go.example.com', 'pending', 'other',"
                    + " current_timestamp)")).as("a host is registered once").isInstanceOf(SQLException.class);
        }
    }

    /** A dynamic code with its QR record; {@code domainId} null leaves the column to its default (or absent). */
    private static void code(Statement sql, String id, String shortCode, String domainId) throws SQLException {
        sql.execute("insert into qr_code (id, workspace_id, payload, image_format, size_px, margin_modules,"
                + " error_correction, design, safety_score, safety_status, safety_verified, safety_warnings,"
                + " created_at, dynamic_code_id, dynamic_status) values ('qr_" + id + "', 'ws_1',"
                + " 'https://s.example/" + id + "', 'svg', 300, 4, 'M', '{}', 100, 'OPTIMAL', true, '',"
                + " current_timestamp, '" + id + "', 'active')");
        sql.execute("insert into dynamic_code (id, workspace_id, short_code, destination_url, status, rules,"
                + " scan_count, qr_code_id, created_at, updated_at" + (domainId == null ? "" : ", domain_id")
                + ") values ('" + id + "', 'ws_1', '" + shortCode + "', 'https://example.com', 'ACTIVE', '[]', 0, 'qr_"
                + id + "', current_timestamp, current_timestamp" + (domainId == null ? "" : ", '" + domainId + "'")
                + ")");
    }
}
