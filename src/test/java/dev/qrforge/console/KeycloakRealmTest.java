package dev.qrforge.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeycloakRealmTest {

    @Test
    void readsServerAndRealmOffTheIssuer() {
        assertThat(KeycloakRealm.of("https://sso.example.com/realms/acme"))
                .contains(new KeycloakRealm("https://sso.example.com", "acme"));
        assertThat(KeycloakRealm.of(" http://127.0.0.1:8180/realms/qrforge/ "))
                .contains(new KeycloakRealm("http://127.0.0.1:8180", "qrforge"));
    }

    @Test
    void keepsAPathPrefixOfTheServer() {
        assertThat(KeycloakRealm.of("https://example.com/auth/realms/acme"))
                .contains(new KeycloakRealm("https://example.com/auth", "acme"));
    }

    @Test
    void refusesIssuersNotShapedLikeKeycloak() {
        assertThat(KeycloakRealm.of("https://login.example.com/oauth2/default")).isEmpty();
        assertThat(KeycloakRealm.of("https://example.com/realms/")).isEmpty();
        assertThat(KeycloakRealm.of("https://example.com/realms/acme/protocol")).isEmpty();
        assertThat(KeycloakRealm.of("/realms/acme")).isEmpty();
        assertThat(KeycloakRealm.of("not a url/realms/acme")).isEmpty();
    }
}
