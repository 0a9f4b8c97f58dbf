/**
 * Who is calling: the one authentication mechanism (Keycloak access tokens and workspace API keys in the same Bearer
 * header), workspaces, scopes and their filter, rate limits, CORS and security headers, the API key endpoints, and
 * the readiness check of the token issuer's key set. Every resource asks {@code CallerContext} for the caller; this
 * package knows no feature.
 */
package dev.qrforge.security;
