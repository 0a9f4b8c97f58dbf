package dev.qrforge.console;

import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The way in for a person. {@code GET /} redirects to the console: whoever types the server's address into a browser
 * is looking for the service, and the console is where a person starts (it links the API documentation); the
 * mapping {@code ""} is the context root alone, so no other path changes. At start, the log line a person waits for:
 * where the console is, once the application answers. This servlet starts last of the application's (the JAX-RS
 * one before it), after the startup singletons have migrated the schema and stored the bootstrap keys.
 *
 * <p>The address is the public base URL when one is configured, else this server's HTTP port on localhost.
 * {@code qrforge.announce-bootstrap-key} (set only by the build's {@code start} profile, for a server on loopback)
 * adds the bootstrap API key, so the quick start says what to paste; otherwise a key never reaches the log.
 */
@WebServlet(urlPatterns = "", loadOnStartup = Integer.MAX_VALUE)
public class ConsoleEntrance extends HttpServlet {

    private static final Logger LOG = Logger.getLogger(ConsoleEntrance.class.getName());

    @Inject
    @ConfigProperty(name = "qrforge.public-base-url")
    Optional<String> publicBaseUrl;

    @Inject
    @ConfigProperty(name = "jboss.http.port", defaultValue = "8080")
    int httpPort;

    @Inject
    @ConfigProperty(name = "jboss.socket.binding.port-offset", defaultValue = "0")
    int portOffset;

    @Inject
    @ConfigProperty(name = "qrforge.bootstrap-api-key")
    Optional<String> bootstrapKey;

    @Inject
    @ConfigProperty(name = "qrforge.announce-bootstrap-key", defaultValue = "false")
    boolean announceBootstrapKey;

    @Override
    public void init() {
        String base = publicBaseUrl.filter(url -> !url.isBlank()).map(url -> url.replaceAll("/+$", ""))
                .orElse("http://localhost:" + (httpPort + portOffset)) + getServletContext().getContextPath();
        String signIn = bootstrapKey.filter(key -> announceBootstrapKey && !key.isBlank())
                .map(key -> " and sign in with the API key " + key.strip()).orElse("");
        LOG.info("qrforge is ready: open " + base + "/console/" + signIn);
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) {
        response.setStatus(HttpServletResponse.SC_FOUND);
        response.setHeader("Location", request.getContextPath() + "/console/");
        response.setHeader("Cache-Control", "no-store");
    }
}
