package dev.qrforge.security;

import java.util.Set;

/** Who is calling: the workspace the request acts in, the credential that proved it, and what it may do. */
public record Caller(String workspaceId, String credentialId, Set<String> scopes) {
}
