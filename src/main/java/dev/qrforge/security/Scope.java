package dev.qrforge.security;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/** What a credential may do. Scope names travel in API keys and, as role names by default, in Keycloak tokens. */
public enum Scope {
    QR_READ("qr:read"),
    QR_WRITE("qr:write"),
    DYNAMIC_WRITE("dynamic:write"),
    ANALYTICS_READ("analytics:read"),
    /** Erasing scan data for data-protection requests: {@code ?erase=true} on deletes, a workspace's scans. */
    ANALYTICS_ERASE("analytics:erase"),
    KEYS_ADMIN("keys:admin"),
    /** Reading the audit log: who changed what, from where. Alone, or with the read scopes, the auditor's key. */
    AUDIT_READ("audit:read");

    private final String wireName;

    Scope(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static String allNamesText() {
        return Arrays.stream(values()).map(Scope::wireName).collect(Collectors.joining(", "));
    }

    public static Set<String> allNames() {
        return Arrays.stream(values()).map(Scope::wireName).collect(Collectors.toUnmodifiableSet());
    }
}
