package dev.qrforge.qr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.api.JsonConfig;
import dev.qrforge.content.Content;
import dev.qrforge.content.TextContent;
import dev.qrforge.testing.MigratedDatabases;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Schema version 11 on a real database: codes made before it have no content, and the largest content a code can
 * carry, as JSON, fits the column.
 */
@Tag(MigratedDatabases.TAG)
class ContentColumnMigrationTest {

    private static final String PG_SCHEMA = "qrforge_content_test";
    /** The most bytes a QR symbol holds (version 40, level L). */
    private static final int MAX_DATA_BYTES = 2953;

    static Stream<Arguments> databases() {
        return MigratedDatabases.databases();
    }

    @AfterAll
    static void dropPostgresSchema() throws SQLException {
        MigratedDatabases.dropSchema(PG_SCHEMA);
    }

    @ParameterizedTest
    @MethodSource("databases")
    void oldCodesHaveNoContentAndTheLargestContentFits(String database) throws Exception {
        DataSource dataSource = MigratedDatabases.fresh(database, PG_SCHEMA);
        MigratedDatabases.flyway(dataSource, "10").migrate();
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            sql.execute("insert into workspace values ('ws_1', 'one', current_timestamp)");
            sql.execute(code("qr_old"));
        }

        MigratedDatabases.flyway(dataSource, "latest").migrate();

        // Control characters are the costliest to write as JSON: six characters each (\u0001).
        String json = JsonConfig.build().writeValueAsString(new TextContent("\u0001".repeat(MAX_DATA_BYTES)));
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            sql.execute(code("qr_new"));
            try (PreparedStatement update = connection.prepareStatement(
                    "update qr_code set content = ? where id = 'qr_new'")) {
                update.setString(1, json);
                update.executeUpdate();
            }
            try (ResultSet rows = sql.executeQuery("select id, content from qr_code order by id")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString(1)).isEqualTo("qr_new");
                assertThat(JsonConfig.build().readValue(rows.getString(2), Content.class))
                        .isEqualTo(new TextContent("\u0001".repeat(MAX_DATA_BYTES)));
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString(2)).as("made before content existed").isNull();
            }
        }
    }

    private static String code(String id) {
        return "insert into qr_code (id, workspace_id, payload, image_format, size_px, margin_modules,"
                + " error_correction, design, safety_score, safety_status, safety_verified, safety_warnings,"
                + " created_at) values ('" + id + "', 'ws_1', 'https://example.com', 'svg', 300, 4, 'M', '{}', 100,"
                + " 'OPTIMAL', true, '', current_timestamp)";
    }
}
