package dev.qrforge.console;

import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code GET /console/settings.json}: how the console signs people in. With {@code QRFORGE_OIDC_ISSUER} naming a
 * Keycloak realm, the keycloak-js adapter's {@code url}, {@code realm} and {@code clientId}; otherwise
 * {@code "oidc": null} and the console asks for an API key. Public: it says nothing a login page would not.
 */
@WebServlet(urlPatterns = ConsoleSettingsServlet.PATH)
public class ConsoleSettingsServlet extends HttpServlet {

    static final String PATH = "/console/settings.json";

    @Inject
    @ConfigProperty(name = "qrforge.oidc.issuer")
    Optional<String> issuer;

    @Inject
    @ConfigProperty(name = "qrforge.console.oidc-client-id", defaultValue = "qrforge-console")
    String clientId;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        JsonObjectBuilder settings = Json.createObjectBuilder();
        Optional<KeycloakRealm> realm = issuer.flatMap(KeycloakRealm::of);
        if (realm.isPresent()) {
            settings.add("oidc", Json.createObjectBuilder().add("url", realm.get().serverUrl())
                    .add("realm", realm.get().name()).add("clientId", clientId));
        } else {
            settings.addNull("oidc");
        }
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(settings.build().toString());
    }
}
