package dev.qrforge.scan;

import dev.qrforge.platform.FeatureMigration;
import jakarta.enterprise.context.Dependent;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.api.migration.Context;

/**
 * Schema version 14: per-workspace rollups, {@code workspace_hourly} and {@code workspace_daily}, shaped like the
 * codes' ({@link Rollups}), filled with the sums of every code's existing rows so that a workspace's analytics are the
 * same before and after. Java rather than SQL because the breakdowns are summed in the application's own format, and
 * because H2 and PostgreSQL disagree on the text type; on PostgreSQL the new tables get the codes' tables' fill
 * factor, as every flush rewrites their current hour and day.
 */
@Dependent
public class WorkspaceRollupsMigration extends FeatureMigration {

    public WorkspaceRollupsMigration() {
        super("14", "workspace rollups");
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        boolean postgres = Sql.postgres(connection);
        String text = postgres ? "text" : "clob";
        String fill = postgres ? " with (fillfactor = " + RollupFillFactorMigration.FILL_FACTOR + ")" : "";
        try (Statement ddl = connection.createStatement()) {
            ddl.execute("create table workspace_hourly (workspace_id varchar(40) not null,"
                    + " hour_start timestamp with time zone not null, scans bigint not null,"
                    + " unique_scans bigint not null, bot_scans bigint not null, breakdown " + text + ","
                    + " primary key (workspace_id, hour_start))" + fill);
            ddl.execute("create table workspace_daily (workspace_id varchar(40) not null, scan_day date not null,"
                    + " breakdown " + text + " not null, primary key (workspace_id, scan_day))" + fill);
        }
        Rollups.sumIntoWorkspaces(connection);
    }
}
