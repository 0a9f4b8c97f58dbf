package dev.qrforge.testing;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.qrforge.platform.DatabaseMigrations;
import dev.qrforge.platform.FeatureMigration;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Real databases for tests of migrations and storage SQL: an in-memory H2, or PostgreSQL, in a schema of its own,
 * when the build runs against one (QRFORGE_DB=postgresql, QRFORGE_DB_URL), as CI's second pass does.
 */
public final class MigratedDatabases {

    /**
     * The JUnit tag of the unit tests that use these databases: the only unit tests whose outcome depends on the
     * database the build runs against, so the only ones .ci/run's PostgreSQL pass runs again.
     */
    public static final String TAG = "database";

    public static final String H2 = "H2";
    public static final String POSTGRESQL = "PostgreSQL";

    /** The PostgreSQL schemas migrated to the latest version in this test run ({@link Schema#migrated}). */
    private static final Set<String> MIGRATED = ConcurrentHashMap.newKeySet();

    private MigratedDatabases() {
    }

    /**
     * The database to run on, as a JUnit argument ({@link OnEachDatabase}): the configured PostgreSQL, else H2. Not
     * both: the build that runs against PostgreSQL (.ci/run's second pass) follows one that ran these on H2.
     */
    public static Stream<Arguments> databases() {
        return Stream.of(Arguments.of(postgresConfigured() ? POSTGRESQL : H2));
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
            MIGRATED.remove(name);
            PGSimpleDataSource postgres = postgres();
            try (Connection connection = postgres.getConnection(); Statement ddl = connection.createStatement()) {
                ddl.execute("drop schema if exists " + name + " cascade");
                ddl.execute("create schema " + name);
            }
            postgres.setCurrentSchema(name);
            return postgres;
        }

        /**
         * A fresh database with every migration applied and no rows. On PostgreSQL the schema is migrated once per
         * test run and emptied for each later test (the migrations insert no rows): migrating it again for every
         * test took most of the PostgreSQL pass's unit tests.
         */
        public DataSource migrated(String database) throws SQLException {
            if (database.equals(H2) || !MIGRATED.contains(name)) {
                DataSource dataSource = fresh(database);
                flyway(dataSource, "latest").migrate();
                if (!database.equals(H2)) {
                    MIGRATED.add(name);
                }
                return dataSource;
            }
            PGSimpleDataSource postgres = postgres();
            postgres.setCurrentSchema(name);
            try (Connection connection = postgres.getConnection(); Statement sql = connection.createStatement()) {
                List<String> tables = new ArrayList<>();
                try (ResultSet rows = sql.executeQuery("select tablename from pg_tables where schemaname = '" + name
                        + "' and tablename <> 'flyway_schema_history'")) {
                    while (rows.next()) {
                        tables.add(name + "." + rows.getString(1));
                    }
                }
                sql.execute("truncate table " + String.join(", ", tables) + " restart identity cascade");
            }
            return postgres;
        }

        @Override
        public void afterAll(ExtensionContext context) throws SQLException {
            MIGRATED.remove(name);
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
                .javaMigrations(FEATURE_MIGRATIONS.toArray(FeatureMigration[]::new))
                .target(target).load();
    }

    /**
     * Every {@link FeatureMigration} of the service, as CDI hands them to {@link DatabaseMigrations} in the server:
     * found on the compiled classes, so that a feature's new one runs in these tests without being listed here.
     */
    private static final List<FeatureMigration> FEATURE_MIGRATIONS = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("dev.qrforge").stream()
            .filter(type -> type.isAssignableTo(FeatureMigration.class)
                    && !type.getModifiers().contains(JavaModifier.ABSTRACT))
            .map(MigratedDatabases::instance).toList();

    private static FeatureMigration instance(JavaClass type) {
        try {
            return (FeatureMigration) type.reflect().getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type.getName() + " is a migration CDI could create but a test cannot", e);
        }
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
