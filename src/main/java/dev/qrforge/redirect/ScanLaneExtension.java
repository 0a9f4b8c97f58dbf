package dev.qrforge.redirect;

import io.undertow.servlet.ServletExtension;
import io.undertow.servlet.api.DeploymentInfo;
import io.undertow.servlet.spec.ServletContextImpl;
import jakarta.servlet.ServletContext;

/**
 * Puts the {@link ScanLane} ahead of the WAR's servlet chain, where Undertow starts handling each request of the
 * deployment (named in META-INF/services/io.undertow.servlet.ServletExtension; WildFly loads it with the WAR).
 */
public class ScanLaneExtension implements ServletExtension {

    @Override
    public void handleDeployment(DeploymentInfo deploymentInfo, ServletContext servletContext) {
        ServletContextImpl context = (ServletContextImpl) servletContext;
        deploymentInfo.addInitialHandlerChainWrapper(chain -> new ScanLane(chain, context.getDeployment()));
    }
}
