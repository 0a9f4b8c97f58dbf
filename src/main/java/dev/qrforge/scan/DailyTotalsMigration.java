package dev.qrforge.scan;

import dev.qrforge.platform.FeatureMigration;
import jakarta.enterprise.context.Dependent;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.api.migration.Context;

/**
 * Schema version 15: a code's daily rollup row gets the day's totals, people's scans, first-of-day visitors and bots,
 * the sums of its hourly rows of that UTC day, so that a workspace's most scanned codes read one row per code and day
 * for the whole days of a range ({@link RollupReader}). Uniques add up exactly: a scan is unique when it is the
 * visitor's first of that code that UTC day, so it counts in one hour of the day. Every day with an hourly row gets
 * its row, bots only included (an empty breakdown), so a range's whole days name the same codes as their hours. Back-
 * filled in one statement; Java rather than SQL because H2 turns an instant into a date in the session's time zone,
 * whatever zone the instant is put in first, so the UTC day is written differently on each database.
 *
 * <p>The indexes serve the top codes' two reads (EXPLAIN ANALYZE in docs/benchmarks.md, "Top codes"): the workspace's
 * codes' daily totals from an index alone, without visiting the wide rows their breakdowns make, and the hourly rows
 * of a range's partial days by hour (a few thousand rows) instead of a scan of the whole table. The first holds values
 * every flush changes, so a flush's rewrites of {@code scan_daily} rows stop being heap-only on PostgreSQL
 * ({@link RollupFillFactorMigration}); {@code hour_start} never changes, so the second costs a new hour's row alone.
 */
@Dependent
public class DailyTotalsMigration extends FeatureMigration {

    public DailyTotalsMigration() {
        super("15", "daily scan totals");
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        String day = Sql.postgres(connection) ? "cast(hour_start at time zone 'UTC' as date)"
                : "cast(formatdatetime(hour_start, 'yyyy-MM-dd', 'en', 'UTC') as date)";
        try (Statement ddl = connection.createStatement()) {
            for (String column : new String[] {"scans", "unique_scans", "bot_scans"}) {
                ddl.execute("alter table scan_daily add column " + column + " bigint default 0 not null");
            }
            ddl.executeUpdate("merge into scan_daily d using (select dynamic_code_id, " + day + " as scan_day,"
                    + " sum(scans) as scans, sum(unique_scans) as unique_scans, sum(bot_scans) as bot_scans"
                    + " from scan_hourly group by dynamic_code_id, " + day + ") h"
                    + " on d.dynamic_code_id = h.dynamic_code_id and d.scan_day = h.scan_day"
                    + " when matched then update set scans = h.scans, unique_scans = h.unique_scans,"
                    + " bot_scans = h.bot_scans"
                    + " when not matched then insert (dynamic_code_id, scan_day, breakdown, scans, unique_scans,"
                    + " bot_scans) values (h.dynamic_code_id, h.scan_day, '{}', h.scans, h.unique_scans, h.bot_scans)");
            ddl.execute("create index scan_daily_totals on scan_daily"
                    + " (dynamic_code_id, scan_day, scans, unique_scans)");
            ddl.execute("create index scan_hourly_hour on scan_hourly (hour_start)");
        }
    }
}
