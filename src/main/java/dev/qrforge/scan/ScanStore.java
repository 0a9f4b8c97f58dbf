package dev.qrforge.scan;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Writes buffered scans with plain JDBC batches in one transaction: the counts as increments
 * ({@code scan_count = scan_count + ?}, so nodes sharing a database never overwrite each other) and the events.
 */
@ApplicationScoped
public class ScanStore {

    private static final String ADD_COUNT = "update dynamic_code set scan_count = scan_count + ? where id = ?";
    private static final String INSERT_EVENT = "insert into scan_event (dynamic_code_id, scanned_at, bot, os,"
            + " os_version, device, browser, browser_version, country, region, city, language, referrer_host)"
            + " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    @Resource
    DataSource dataSource;

    @Transactional
    public void write(List<ScanEvent> events, Map<String, Long> counts) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement addCount = connection.prepareStatement(ADD_COUNT);
                PreparedStatement insert = connection.prepareStatement(INSERT_EVENT)) {
            for (Map.Entry<String, Long> count : counts.entrySet()) {
                addCount.setLong(1, count.getValue());
                addCount.setString(2, count.getKey());
                addCount.addBatch();
            }
            addCount.executeBatch();
            for (ScanEvent event : events) {
                ClientFacts facts = event.facts();
                insert.setString(1, event.codeId());
                insert.setTimestamp(2, Timestamp.from(event.scannedAt()));
                insert.setBoolean(3, facts.bot());
                setNullable(insert, 4, facts.os());
                setNullable(insert, 5, facts.osVersion());
                setNullable(insert, 6, facts.device());
                setNullable(insert, 7, facts.browser());
                setNullable(insert, 8, facts.browserVersion());
                setNullable(insert, 9, facts.country());
                setNullable(insert, 10, facts.region());
                setNullable(insert, 11, facts.city());
                setNullable(insert, 12, facts.language());
                setNullable(insert, 13, facts.referrerHost());
                insert.addBatch();
            }
            insert.executeBatch();
        } catch (SQLException e) {
            throw new IllegalStateException("could not write scans: " + e.getMessage(), e);
        }
    }

    private static void setNullable(PreparedStatement statement, int index, String value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.VARCHAR);
        } else {
            statement.setString(index, value);
        }
    }
}
