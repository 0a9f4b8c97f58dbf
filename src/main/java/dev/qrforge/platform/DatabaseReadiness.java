package dev.qrforge.platform;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only while the database answers: a load balancer should not send work to a node that cannot store it. */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements HealthCheck {

    private static final int VALIDATION_TIMEOUT_SECONDS = 2;

    @Inject
    private DataSource dataSource;

    @Override
    public HealthCheckResponse call() {
        try (Connection connection = dataSource.getConnection()) {
            return HealthCheckResponse.named("database")
                    .status(connection.isValid(VALIDATION_TIMEOUT_SECONDS))
                    .withData("product", connection.getMetaData().getDatabaseProductName())
                    .build();
        } catch (SQLException e) {
            return HealthCheckResponse.named("database").down().withData("error", e.getMessage()).build();
        }
    }
}
