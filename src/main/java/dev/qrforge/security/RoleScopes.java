package dev.qrforge.security;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which token roles grant which scopes, from QRFORGE_OIDC_SCOPE_ROLES: {@code scope=role} pairs separated by
 * commas, several pairs per scope allowed. A scope the setting does not mention is granted by the role of the same
 * name, so by default a realm role {@code qr:write} grants {@code qr:write}.
 */
record RoleScopes(Map<String, Set<String>> rolesByScope) {

    static RoleScopes parse(String setting) {
        Map<String, Set<String>> roles = new HashMap<>();
        for (String pair : setting.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            int separator = pair.indexOf('=');
            String scope = separator < 0 ? "" : pair.substring(0, separator).strip();
            String role = separator < 0 ? "" : pair.substring(separator + 1).strip();
            if (!Scope.allNames().contains(scope) || role.isEmpty()) {
                throw new IllegalArgumentException("QRFORGE_OIDC_SCOPE_ROLES takes scope=role pairs separated by"
                        + " commas, with scopes among " + Scope.allNamesText() + "; got '" + pair.strip() + "'");
            }
            roles.computeIfAbsent(scope, s -> new HashSet<>()).add(role);
        }
        return new RoleScopes(Map.copyOf(roles));
    }

    Set<String> scopesOf(Set<String> roles) {
        Set<String> scopes = new HashSet<>();
        for (String scope : Scope.allNames()) {
            Set<String> granting = rolesByScope.getOrDefault(scope, Set.of(scope));
            if (granting.stream().anyMatch(roles::contains)) {
                scopes.add(scope);
            }
        }
        return Set.copyOf(scopes);
    }
}
