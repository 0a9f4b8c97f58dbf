package dev.qrforge.it;

import org.jboss.arquillian.container.spi.Container;
import org.jboss.arquillian.container.spi.ContainerRegistry;
import org.jboss.arquillian.container.spi.event.ContainerControlEvent;
import org.jboss.arquillian.container.spi.event.StopContainer;
import org.jboss.arquillian.core.api.Event;
import org.jboss.arquillian.core.api.Instance;
import org.jboss.arquillian.core.api.annotation.Inject;
import org.jboss.arquillian.core.api.annotation.Observes;
import org.jboss.arquillian.core.spi.LoadableExtension;
import org.jboss.arquillian.test.spi.event.suite.AfterSuite;

/**
 * Keeps the suite's server running from the first test that needs it to the end of the run. Arquillian stops a
 * "manual" container after every test class (ARQ-2186), which cost a 16 s boot per class; the container is therefore
 * "custom" (arquillian.xml), which tests still start and restart through {@code ContainerController} but Arquillian
 * never stops on its own, and this observer stops it gracefully when the suite ends.
 */
public final class SuiteServerExtension implements LoadableExtension {

    @Override
    public void register(ExtensionBuilder builder) {
        builder.observer(StopAtSuiteEnd.class);
    }

    /** The observer; public, as Arquillian instantiates it reflectively. */
    public static final class StopAtSuiteEnd {

        @Inject
        private Instance<ContainerRegistry> registry;

        @Inject
        private Event<ContainerControlEvent> control;

        public void stop(@Observes AfterSuite event) {
            for (Container container : registry.get().getContainers()) {
                if ("custom".equals(container.getContainerConfiguration().getMode())
                        && container.getState() == Container.State.STARTED) {
                    control.fire(new StopContainer(container));
                }
            }
        }
    }
}
