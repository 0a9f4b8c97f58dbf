package dev.qrforge.scan;

import dev.qrforge.platform.FeatureMigration;
import jakarta.enterprise.context.Dependent;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.api.migration.Context;

/**
 * Schema version 13: on PostgreSQL, the rollup tables fill new pages only to {@value #FILL_FACTOR} %. A flush rewrites
 * every (code, hour) and (code, day) row its scans fall into, and on a full page each rewrite is a new row version
 * elsewhere plus a new index entry; with room left on the page the new version stays beside the old one (a heap-only
 * update: no index entry, and the old version is pruned within the page without waiting for vacuum), which made the
 * rewrites of live traffic about three times cheaper (docs/benchmarks.md, "Analytics at scale"). Rows already stored
 * keep their pages until vacuum or a rewrite moves them; every new hour and day gets the room. H2 has no such setting.
 * Java rather than SQL because the statement is PostgreSQL's alone.
 */
@Dependent
public class RollupFillFactorMigration extends FeatureMigration {

    static final int FILL_FACTOR = 50;

    public RollupFillFactorMigration() {
        super("13", "rollup fill factor");
    }

    @Override
    public void migrate(Context context) throws SQLException {
        fillHalf(context, "scan_hourly", "scan_daily");
    }

    /** On PostgreSQL, has {@code tables} fill new pages only to {@value #FILL_FACTOR} %; on H2, nothing. */
    static void fillHalf(Context context, String... tables) throws SQLException {
        Connection connection = context.getConnection();
        if (!Sql.postgres(connection)) {
            return;
        }
        try (Statement ddl = connection.createStatement()) {
            for (String table : tables) {
                ddl.execute("alter table " + table + " set (fillfactor = " + FILL_FACTOR + ")");
            }
        }
    }
}
