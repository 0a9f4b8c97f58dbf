package dev.qrforge.scan;

import dev.qrforge.platform.FeatureMigration;
import jakarta.enterprise.context.Dependent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Objects;
import org.flywaydb.core.api.migration.Context;

/**
 * Schema version 6: the per-value rollup tables {@code scan_dimension_hourly} and {@code scan_dimension_daily} become
 * one packed {@link Breakdown} per bucket, in a new {@code scan_hourly.breakdown} column and a new {@code scan_daily}
 * table. Java rather than SQL because the packing is the application's own format, the same on H2 and PostgreSQL,
 * and because the two disagree on the text type (CLOB, text).
 */
@Dependent
public class PackedBreakdownsMigration extends FeatureMigration {

    private static final int BATCH = 1000;
    private static final int FETCH = 10_000;

    public PackedBreakdownsMigration() {
        super("6", "packed scan breakdowns");
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        String text = Sql.postgres(connection) ? "text" : "clob";
        try (Statement ddl = connection.createStatement()) {
            ddl.execute("alter table scan_hourly add column breakdown " + text);
            ddl.execute("create table scan_daily (dynamic_code_id varchar(40) not null, scan_day date not null,"
                    + " breakdown " + text + " not null, primary key (dynamic_code_id, scan_day))");
        }
        pack(connection, "select dynamic_code_id, hour_start, dimension, dimension_value, scans"
                + " from scan_dimension_hourly order by dynamic_code_id, hour_start", OffsetDateTime.class,
                "update scan_hourly set breakdown = ? where dynamic_code_id = ? and hour_start = ?");
        pack(connection, "select dynamic_code_id, scan_day, dimension, dimension_value, scans"
                + " from scan_dimension_daily order by dynamic_code_id, scan_day", LocalDate.class,
                "insert into scan_daily (breakdown, dynamic_code_id, scan_day) values (?, ?, ?)");
        try (Statement ddl = connection.createStatement()) {
            ddl.execute("drop table scan_dimension_hourly");
            ddl.execute("drop table scan_dimension_daily");
        }
    }

    /** Streams the per-value rows in bucket order and writes one packed breakdown per bucket. */
    private static void pack(Connection connection, String query, Class<?> bucketType, String write)
            throws SQLException {
        try (Statement read = connection.createStatement(); PreparedStatement out = connection.prepareStatement(write)) {
            read.setFetchSize(FETCH);
            try (ResultSet rows = read.executeQuery(query)) {
                String code = null;
                Object bucket = null;
                Breakdown breakdown = null;
                int pending = 0;
                while (rows.next()) {
                    Object rowBucket = rows.getObject(2, bucketType);
                    if (!rows.getString(1).equals(code) || !rowBucket.equals(bucket)) {
                        pending += flush(out, breakdown, code, bucket);
                        code = rows.getString(1);
                        bucket = rowBucket;
                        breakdown = Breakdown.empty();
                    }
                    Objects.requireNonNull(breakdown).add(rows.getString(3), rows.getString(4), rows.getLong(5));
                    if (pending >= BATCH) {
                        out.executeBatch();
                        pending = 0;
                    }
                }
                flush(out, breakdown, code, bucket);
                out.executeBatch();
            }
        }
    }

    private static int flush(PreparedStatement out, Breakdown breakdown, String code, Object bucket)
            throws SQLException {
        if (breakdown == null) {
            return 0;
        }
        out.setString(1, breakdown.toJson());
        out.setString(2, code);
        out.setObject(3, bucket);
        out.addBatch();
        return 1;
    }
}
