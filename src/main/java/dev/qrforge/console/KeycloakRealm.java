package dev.qrforge.console;

import java.net.URI;
import java.util.Optional;

/**
 * A Keycloak realm as the keycloak-js adapter names it: the server's base URL (with any path prefix, such as a
 * legacy {@code /auth}) and the realm's name, both read off the issuer {@code <server>/realms/<name>}.
 */
record KeycloakRealm(String serverUrl, String name) {

    private static final String REALMS = "/realms/";

    /** The realm of a Keycloak issuer URL, or empty when the issuer is not shaped like Keycloak's. */
    static Optional<KeycloakRealm> of(String issuer) {
        String trimmed = issuer.strip();
        while (trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        int at = trimmed.lastIndexOf(REALMS);
        if (at <= 0) {
            return Optional.empty();
        }
        String name = trimmed.substring(at + REALMS.length());
        URI server;
        try {
            server = URI.create(trimmed.substring(0, at));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (name.isEmpty() || name.contains("/") || server.getScheme() == null || server.getHost() == null) {
            return Optional.empty();
        }
        return Optional.of(new KeycloakRealm(server.toString(), name));
    }

}
