package dev.qrforge.security;

import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;

/**
 * Keycloak (or any OIDC provider's) access tokens. smallrye's parser does the verification: the signature against
 * the realm's JWKS (fetched, cached, and fetched again when a token names a key it has not seen), the issuer, expiry
 * and not-before with a small clock skew, and the audience when one is configured. This class only maps a verified
 * token onto a {@link Caller}: its workspace from a claim, its scopes from its roles.
 */
@ApplicationScoped
public class OidcTokens {

    /** Compact JWS: three base64url parts. API keys contain no dots, so the two never get confused. */
    private static final Pattern COMPACT_JWT = Pattern.compile("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*");
    /** Keycloak's JWKS path under a realm URL. */
    private static final String KEYCLOAK_JWKS_PATH = "/protocol/openid-connect/certs";
    /** At most one forced JWKS reload a minute (smallrye counts minutes), so bogus key ids cannot hammer Keycloak. */
    private static final int FORCED_JWKS_REFRESH_MINUTES = 1;

    @Inject
    @ConfigProperty(name = "qrforge.oidc.issuer")
    Optional<String> issuer;

    @Inject
    @ConfigProperty(name = "qrforge.oidc.jwks-url")
    Optional<String> jwksUrl;

    @Inject
    @ConfigProperty(name = "qrforge.oidc.audience")
    Optional<String> audience;

    @Inject
    @ConfigProperty(name = "qrforge.oidc.workspace-claim", defaultValue = "workspace")
    String workspaceClaim;

    @Inject
    @ConfigProperty(name = "qrforge.oidc.scope-roles")
    Optional<String> scopeRoles;

    @Inject
    @ConfigProperty(name = "qrforge.oidc.clock-skew-seconds", defaultValue = "30")
    int clockSkewSeconds;

    @Inject
    Workspaces workspaces;

    private JWTParser parser;
    private RoleScopes roleScopes;
    /** Where the issuer publishes its signing keys, when tokens are accepted. */
    private String keySetUrl;

    /** Thrown for a token that fails any check; the message says which, for {@code error_description}. */
    public static final class InvalidTokenException extends Exception {
        InvalidTokenException(String message) {
            super(message, null, false, false);
        }
    }

    @PostConstruct
    void configure() {
        roleScopes = RoleScopes.parse(scopeRoles.orElse(""));
        issuer.filter(url -> !url.isBlank()).ifPresent(realm -> {
            String realmUrl = realm.strip().replaceAll("/+$", "");
            keySetUrl = jwksUrl.filter(url -> !url.isBlank()).orElse(realmUrl + KEYCLOAK_JWKS_PATH);
            JWTAuthContextInfo context = new JWTAuthContextInfo(keySetUrl, realmUrl);
            audience.filter(a -> !a.isBlank()).ifPresent(a -> context.setExpectedAudience(Set.of(a.strip())));
            context.setClockSkew(clockSkewSeconds);
            context.setForcedJwksRefreshInterval(FORCED_JWKS_REFRESH_MINUTES);
            parser = new DefaultJWTParser(context);
        });
    }

    /** The URL of the issuer's key set (JWKS), or empty when this server accepts no tokens. */
    Optional<String> keySetUrl() {
        return Optional.ofNullable(keySetUrl);
    }

    public static boolean looksLikeJwt(String credential) {
        return COMPACT_JWT.matcher(credential).matches();
    }

    /** The caller a verified token stands for. */
    public Caller authenticate(String token) throws InvalidTokenException {
        if (parser == null) {
            throw new InvalidTokenException("this server does not accept tokens (QRFORGE_OIDC_ISSUER is not set);"
                    + " use an API key");
        }
        JsonWebToken jwt;
        try {
            jwt = parser.parse(token);
        } catch (ParseException e) {
            throw new InvalidTokenException(reason(e));
        }
        Object workspace = jwt.getClaim(workspaceClaim);
        String name = workspace instanceof JsonString json ? json.getString()
                : workspace instanceof String text ? text : null;
        if (name == null || name.isBlank() || name.length() > Workspaces.MAX_NAME_LENGTH) {
            throw new InvalidTokenException("the token carries no workspace: claim '" + workspaceClaim
                    + "' must name one (1 to " + Workspaces.MAX_NAME_LENGTH + " characters)");
        }
        String subject = jwt.getSubject() != null ? jwt.getSubject() : jwt.getName();
        return new Caller(workspaces.idOf(name.strip()), "oidc:" + subject, roleScopes.scopesOf(roles(jwt)));
    }

    /**
     * Keycloak's realm roles ({@code realm_access.roles}), the MicroProfile {@code groups} claim, and the client
     * roles Keycloak files under the audience's client id ({@code resource_access.<audience>.roles}).
     */
    private Set<String> roles(JsonWebToken jwt) {
        Set<String> roles = new HashSet<>(jwt.getGroups() == null ? Set.of() : jwt.getGroups());
        addRoles(jwt.getClaim("realm_access"), roles);
        if (audience.isPresent() && jwt.getClaim("resource_access") instanceof JsonObject clients) {
            addRoles(clients.get(audience.get().strip()), roles);
        }
        return roles;
    }

    private static void addRoles(Object access, Set<String> into) {
        if (access instanceof JsonObject object && object.get("roles") instanceof JsonArray names) {
            for (JsonValue name : names) {
                if (name instanceof JsonString role) {
                    into.add(role.getString());
                }
            }
        }
    }

    private static String reason(ParseException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InvalidJwtException invalid) {
                if (invalid.hasExpired()) {
                    return "the token has expired";
                }
                for (Map.Entry<Integer, String> known : Map.of(
                        ErrorCodes.ISSUER_INVALID, "the token was issued by another issuer",
                        ErrorCodes.ISSUER_MISSING, "the token names no issuer",
                        ErrorCodes.AUDIENCE_INVALID, "the token is meant for another audience",
                        ErrorCodes.AUDIENCE_MISSING, "the token names no audience",
                        ErrorCodes.SIGNATURE_INVALID, "the token's signature does not verify",
                        ErrorCodes.NOT_YET_VALID, "the token is not valid yet",
                        ErrorCodes.EXPIRATION_MISSING, "the token has no expiry").entrySet()) {
                    if (invalid.hasErrorCode(known.getKey())) {
                        return known.getValue();
                    }
                }
            }
            if (t instanceof org.jose4j.lang.UnresolvableKeyException) {
                return "the token is signed with a key the issuer does not publish";
            }
        }
        return "the token could not be verified";
    }
}
