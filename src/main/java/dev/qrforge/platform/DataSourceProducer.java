package dev.qrforge.platform;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import javax.sql.DataSource;

/**
 * The application's one data source, which wildfly/configure-server.cli defines (QRFORGE_DB picks H2 or PostgreSQL);
 * everything that runs SQL injects it. Named, as in persistence.xml, rather than taken as the EE default data source,
 * which on a shared server belongs to the server and its other applications.
 */
@ApplicationScoped
public class DataSourceProducer {

    @Produces
    @Resource(lookup = "java:jboss/datasources/qrforge")
    DataSource dataSource;
}
