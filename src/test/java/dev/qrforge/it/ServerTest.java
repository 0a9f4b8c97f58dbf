package dev.qrforge.it;

import org.jboss.arquillian.container.test.api.ContainerController;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Base of the integration tests: the provisioned WildFly from target/server (WAR deployed at the root context)
 * runs for the whole suite; Arquillian starts it on first use and stops it at the end. Tests talk to it over
 * HTTP only.
 */
@ExtendWith(ArquillianExtension.class)
public abstract class ServerTest {

    static final String CONTAINER = "wildfly";

    @ArquillianResource
    protected ContainerController server;

    @BeforeEach
    void serverRunning() {
        if (!server.isStarted(CONTAINER)) {
            server.start(CONTAINER);
        }
    }

    /** A graceful stop and a fresh start of the same server, data directory included. */
    protected void restartServer() {
        server.stop(CONTAINER);
        server.start(CONTAINER);
    }
}
