package dev.qrforge.platform;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * Brings the schema up to date before anything else runs. The schema is only ever changed here, by the
 * versioned scripts in {@code db/migration} and the Java migrations the features contribute as CDI beans
 * ({@link JavaMigration}); Flyway's own lock makes concurrent starts of several nodes safe.
 * Bean-managed transactions because Flyway commits each migration itself.
 */
@Singleton
@Startup
@TransactionManagement(TransactionManagementType.BEAN)
public class DatabaseMigrations {

    /** The application's data source ({@link DataSourceProducer}). */
    @Inject
    private DataSource dataSource;

    @Inject
    @Any
    Instance<JavaMigration> javaMigrations;

    @PostConstruct
    void migrate() {
        Flyway.configure(DatabaseMigrations.class.getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .javaMigrations(javaMigrations.stream().toArray(JavaMigration[]::new))
                // The batch job repository shares the database and may create its tables first.
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load()
                .migrate();
    }
}
