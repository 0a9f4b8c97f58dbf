package dev.qrforge.scan;

import dev.qrforge.platform.FeatureMigration;
import jakarta.enterprise.context.Dependent;
import java.sql.SQLException;
import org.flywaydb.core.api.migration.Context;

/**
 * Schema version 24: on PostgreSQL, {@code dynamic_code} fills new pages only to
 * {@value RollupFillFactorMigration#FILL_FACTOR} %, as the rollup tables do (version 13) and for the same reason: every
 * flush rewrites the count of every code it has scans of, and on a full page each rewrite was a row version on another
 * page plus an entry in each of the table's indexes (94 % of them in the analytics benchmark), which also left the
 * table at one page per code. With room on the page the rewrite stays heap-only, and the workspace's top codes read
 * every code's count from a table of a few hundred pages ({@link RollupReader#top}). The flush writes only
 * {@code scan_count} there, none of it indexed, so nothing else changes. H2 has no such setting.
 */
@Dependent
public class CountFillFactorMigration extends FeatureMigration {

    public CountFillFactorMigration() {
        super("24", "scan count fill factor");
    }

    @Override
    public void migrate(Context context) throws SQLException {
        RollupFillFactorMigration.fillHalf(context, "dynamic_code");
    }
}
