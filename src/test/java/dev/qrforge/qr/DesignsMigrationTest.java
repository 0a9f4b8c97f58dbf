package dev.qrforge.qr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.api.JsonConfig;
import dev.qrforge.content.Content;
import dev.qrforge.content.TextContent;
import dev.qrforge.render.BodyStyle;
import dev.qrforge.render.Design;
import dev.qrforge.render.Gradient;
import dev.qrforge.render.GradientType;
import dev.qrforge.render.Rgb;
import dev.qrforge.testing.MigratedDatabases;
import dev.qrforge.testing.OnEachDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Schema versions 7 and 11 on a real database: codes kept with design columns keep their look as one design
 * document; codes made before typed content have none, and the largest content a code can carry fits its column.
 */
@Tag(MigratedDatabases.TAG)
class DesignsMigrationTest {

    @RegisterExtension
    static final MigratedDatabases.Schema PG_SCHEMA = new MigratedDatabases.Schema("qrforge_designs_test");
    /** The most bytes a QR symbol holds (version 40, level L). */
    private static final int MAX_DATA_BYTES = 2953;

    @OnEachDatabase
    void oldDesignColumnsBecomeTheDesignDocument(String database) throws Exception {
        DataSource dataSource = migrated(database, "6",
                oldCode("qr_plain", "'square', '#000000', '#ffffff', null, null"),
                oldCode("qr_gradient", "'rounded-pointed', '#1a237e', '#fafafa', 'radial', '#6a1b9a'"));

        Map<String, String> designs = new LinkedHashMap<>();
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement();
                ResultSet rows = sql.executeQuery("select id, design, mask_pattern from qr_code order by id")) {
            while (rows.next()) {
                designs.put(rows.getString(1), rows.getString(2));
                assertThat(rows.getObject(3)).as("drawn with the standard's mask").isNull();
            }
        }
        assertThat(design(designs.get("qr_plain"))).isEqualTo(Design.DEFAULT);
        assertThat(design(designs.get("qr_gradient"))).isEqualTo(new Design(BodyStyle.ROUNDED_POINTED,
                Rgb.parseHex("#1a237e").orElseThrow(), Rgb.parseHex("#fafafa").orElseThrow(),
                new Gradient(GradientType.RADIAL, Rgb.parseHex("#6a1b9a").orElseThrow())));
    }

    /** A fresh database at schema {@code version} with a workspace and {@code rows}, then migrated to the latest. */
    private static DataSource migrated(String database, String version, String... rows) throws SQLException {
        DataSource dataSource = PG_SCHEMA.fresh(database);
        MigratedDatabases.flyway(dataSource, version).migrate();
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            sql.execute("insert into workspace values ('ws_1', 'one', current_timestamp)");
            for (String row : rows) {
                sql.execute(row);
            }
        }
        MigratedDatabases.flyway(dataSource, "latest").migrate();
        return dataSource;
    }

    private static Design design(String json) throws Exception {
        return QrRequestValidator.design(JsonConfig.build().readValue(json, DesignJson.class));
    }

    private static String oldCode(String id, String design) {
        return "insert into qr_code (id, workspace_id, payload, image_format, size_px, margin_modules,"
                + " error_correction, body_style, foreground_color, background_color, gradient_type, gradient_color2,"
                + " safety_score, safety_status, safety_verified, safety_warnings, created_at) values ('" + id
                + "', 'ws_1', 'https://example.com', 'svg', 300, 4, 'M', " + design
                + ", 100, 'OPTIMAL', true, '', current_timestamp)";
    }

    @OnEachDatabase
    void oldCodesHaveNoContentAndTheLargestContentFits(String database) throws Exception {
        DataSource dataSource = migrated(database, "10", designedCode("qr_old"));

        // Control characters are the costliest to write as JSON: six characters each (\u0001).
        String json = JsonConfig.build().writeValueAsString(new TextContent("\u0001".repeat(MAX_DATA_BYTES)));
        try (Connection connection = dataSource.getConnection(); Statement sql = connection.createStatement()) {
            sql.execute(designedCode("qr_new"));
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

    /** A code as kept since schema version 7, its design one document. */
    private static String designedCode(String id) {
        return "insert into qr_code (id, workspace_id, payload, image_format, size_px, margin_modules,"
                + " error_correction, design, safety_score, safety_status, safety_verified, safety_warnings,"
                + " created_at) values ('" + id + "', 'ws_1', 'https://example.com', 'svg', 300, 4, 'M', '{}', 100,"
                + " 'OPTIMAL', true, '', current_timestamp)";
    }
}
