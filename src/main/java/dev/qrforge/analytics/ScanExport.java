package dev.qrforge.analytics;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.qrforge.api.Csv;
import dev.qrforge.api.JsonConfig;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import javax.sql.DataSource;

/**
 * Streams a code's raw scan events (those still within the retention) as CSV or NDJSON, page by page in
 * (scanned_at, id) order, so an export of millions of rows needs neither memory nor one long-running query.
 * No visitor keys and no addresses leave the service.
 */
@ApplicationScoped
public class ScanExport {

    /** Rows fetched per query: large enough to amortise the query, small enough to stream. */
    static final int PAGE = 5000;
    static final List<String> COLUMNS = List.of("scannedAt", "bot", "unique", "os", "osVersion", "device", "browser",
            "browserVersion", "country", "region", "city", "language", "referrer");
    private static final String PAGE_QUERY = "select id, scanned_at, bot, unique_scan, os, os_version, device,"
            + " browser, browser_version, country, region, city, language, referrer_host from scan_event"
            + " where dynamic_code_id = ? and scanned_at < ? and (scanned_at > ? or (scanned_at = ? and id > ?))"
            + " order by scanned_at, id";
    private static final ObjectMapper JSON = JsonConfig.build();

    public enum Format { CSV, NDJSON }

    @Resource
    DataSource dataSource;

    public void write(String codeId, Instant from, Instant to, Format format, OutputStream out) {
        Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        try {
            if (format == Format.CSV) {
                writer.write(String.join(",", COLUMNS) + "\n");
            }
            OffsetDateTime after = OffsetDateTime.ofInstant(from, ZoneOffset.UTC).minusNanos(1000);
            long afterId = Long.MAX_VALUE;
            int rows;
            do {
                rows = 0;
                try (Connection connection = dataSource.getConnection();
                        PreparedStatement page = connection.prepareStatement(PAGE_QUERY)) {
                    page.setMaxRows(PAGE);
                    page.setString(1, codeId);
                    page.setObject(2, OffsetDateTime.ofInstant(to, ZoneOffset.UTC));
                    page.setObject(3, after);
                    page.setObject(4, after);
                    page.setLong(5, afterId);
                    try (ResultSet row = page.executeQuery()) {
                        while (row.next()) {
                            rows++;
                            afterId = row.getLong(1);
                            after = row.getObject(2, OffsetDateTime.class);
                            Object[] values = {after.toInstant().toString(), row.getBoolean(3), row.getBoolean(4),
                                row.getString(5), row.getString(6), row.getString(7), row.getString(8),
                                row.getString(9), row.getString(10), row.getString(11), row.getString(12),
                                row.getString(13), row.getString(14)};
                            writer.write(format == Format.CSV ? Csv.record(values) : ndjson(values));
                        }
                    }
                }
                writer.flush();
            } while (rows == PAGE);
        } catch (SQLException e) {
            throw new IllegalStateException("could not export scans: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String ndjson(Object[] values) throws IOException {
        ObjectNode line = JSON.createObjectNode();
        for (int i = 0; i < values.length; i++) {
            line.putPOJO(COLUMNS.get(i), values[i]);
        }
        return JSON.writeValueAsString(line) + "\n";
    }

}
