package dev.qrforge.testing;

import dev.qrforge.dynamic.DomainScopedShortCodesMigration;
import dev.qrforge.platform.DatabaseMigrations;
import dev.qrforge.scan.DailyTotalsMigration;
import dev.qrforge.scan.PackedBreakdownsMigration;
import dev.qrforge.scan.RollupFillFactorMigration;
import dev.qrforge.scan.WorkspaceRollupsMigration;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Real databases for tests of migrations and storage SQL: always an in-memory H2; also PostgreSQL, in a schema of
 * its own, when the build runs against one (QRFORGE_DB=postgresql, QRFORGE_DB_URL), as CI's second pass does.
 */
public final class MigratedDatabases {

    /**
     * The JUnit tag of the unit tests that use these databases: the only unit tests whose outcome depends on the
     * database the build runs against, so the only ones .ci/run's PostgreSQL pass runs again.
     */
    public static final String TAG = "database";

    public static final String H2 = "H2";
    public static final String POSTGRESQL = "PostgreSQL";

    private MigratedDatabases() {
    }

    /** The databases to run on, as JUnit arguments ({@link OnEachDatabase}). */
    public static Stream<Arguments> databases() {
        List<Arguments> databases = new ArrayList<>();
        databases.add(Arguments.of(H2));
        if (postgresConfigured()) {
            databases.add(Arguments.of(POSTGRESQL));
        }
        return databases.stream();
    }

    /**
     * A test class's own PostgreSQL schema, which it names, so that test classes running against one PostgreSQL do
     * not meet. Registered as the class's extension (a static {@code @RegisterExtension} field), it is dropped after
     * the class's tests, if the build runs against PostgreSQL.
     */
    public record Schema(String name) implements AfterAllCallback {

        /** A fresh, empty database: an in-memory H2, or this schema of the configured PostgreSQL, recreated. */
        public DataSource fresh(String database) throws SQLException {
            if (database.equals(H2)) {
                JdbcDataSource h2 = new JdbcDataSource();
                h2.setURL("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
                return h2;
            }
            PGSimpleDataSource postgres = postgres();
            try (Connection connection = postgres.getConnection(); Statement ddl = connection.createStatement()) {
                ddl.execute("drop schema if exists " + name + " cascade");
                ddl.execute("create schema " + name);
            }
            postgres.setCurrentSchema(name);
            return postgres;
        }

        @Override
        public void afterAll(ExtensionContext context) throws SQLException {
            if (postgresConfigured()) {
                try (Connection connection = postgres().getConnection();
                        Statement ddl = connection.createStatement()) {
                    ddl.execute("drop schema if exists " + name + " cascade");
                }
            }
        }
    }

    /** The service's migrations up to {@code target} ("latest" for all), as the server runs them. */
    public static Flyway flyway(DataSource dataSource, String target) {
        return Flyway.configure(DatabaseMigrations.class.getClassLoader()).dataSource(dataSource)
                .locations("classpath:db/migration")
                .javaMigrations(new PackedBreakdownsMigration(), new RollupFillFactorMigration(),
                        new WorkspaceRollupsMigration(), new DailyTotalsMigration(),
                        new DomainScopedShortCodesMigration())
                .target(target).load();
    }

    private static boolean postgresConfigured() {
        return "postgresql".equals(System.getenv("QRFORGE_DB")) && System.getenv("QRFORGE_DB_URL") != null;
    }

    private static PGSimpleDataSource postgres() {
        PGSimpleDataSource postgres = new PGSimpleDataSource();
        postgres.setURL(System.getenv("QRFORGE_DB_URL").replaceAll("[?&]currentSchema=[^&]*", ""));
        postgres.setUser(System.getenv("QRFORGE_DB_USER"));
        postgres.setPassword(System.getenv("QRFORGE_DB_PASSWORD"));
        return postgres;
    }
}
