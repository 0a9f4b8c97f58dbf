package dev.qrforge.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

class RoleScopesTest {

    @Test
    void byDefaultARoleGrantsTheScopeOfItsName() {
        RoleScopes scopes = RoleScopes.parse("");

        assertThat(scopes.scopesOf(Set.of("qr:read", "analytics:read", "offline_access", "uma_authorization")))
                .containsExactlyInAnyOrder("qr:read", "analytics:read");
        assertThat(scopes.scopesOf(Set.of())).isEmpty();
    }

    @Test
    void aMappedScopeIsGrantedOnlyByItsMappedRoles() {
        RoleScopes scopes = RoleScopes.parse("qr:write=pos-terminal, qr:write=crm ,keys:admin=qrforge-admin");

        assertThat(scopes.scopesOf(Set.of("pos-terminal"))).containsExactly("qr:write");
        assertThat(scopes.scopesOf(Set.of("crm", "qr:read"))).containsExactlyInAnyOrder("qr:write", "qr:read");
        assertThat(scopes.scopesOf(Set.of("qr:write", "keys:admin"))).isEmpty();
        assertThat(scopes.scopesOf(Set.of("qrforge-admin"))).containsExactly("keys:admin");
    }

    @Test
    void aBadSettingIsRefusedNamingThePair() {
        assertThatThrownBy(() -> RoleScopes.parse("qr:write=pos,qr:print=pos"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'qr:print=pos'");
        assertThatThrownBy(() -> RoleScopes.parse("qr:write"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'qr:write'");
        assertThatThrownBy(() -> RoleScopes.parse("qr:write= "))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
