package dev.qrforge.platform;

import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * A schema version a feature writes in Java, as a CDI bean {@link DatabaseMigrations} finds: for what SQL scripts
 * cannot say on both databases alike. Its version and description are given rather than read off a class name; it has
 * no checksum, as its code is the migration and never changes once released, and it runs in the migration's
 * transaction.
 */
public abstract class FeatureMigration implements JavaMigration {

    private final MigrationVersion version;
    private final String description;

    protected FeatureMigration(String version, String description) {
        this.version = MigrationVersion.fromVersion(version);
        this.description = description;
    }

    @Override
    public final MigrationVersion getVersion() {
        return version;
    }

    @Override
    public final String getDescription() {
        return description;
    }

    @Override
    public final Integer getChecksum() {
        return null;
    }

    @Override
    public final boolean canExecuteInTransaction() {
        return true;
    }
}
