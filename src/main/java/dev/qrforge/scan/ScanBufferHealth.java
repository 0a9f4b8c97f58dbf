package dev.qrforge.scan;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * What the scan buffer holds, and how many scans' details it had to drop: up while the node serves scans, which it
 * does with or without its database.
 */
@Readiness
@ApplicationScoped
public class ScanBufferHealth implements HealthCheck {

    @Inject
    ScanBuffer buffer;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder health = HealthCheckResponse.named("scan-buffer").up()
                .withData("bufferedScans", buffer.bufferedEvents())
                .withData("unwrittenCounts", buffer.unwrittenCounts())
                .withData("scanDetailsLost", buffer.detailsLost());
        buffer.failingSince().ifPresent(since -> health.withData("writesFailingSince", since.toString()));
        return health.build();
    }
}
