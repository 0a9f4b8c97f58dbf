package dev.qrforge.domain;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * A custom domain as clients see it, with the two ways to prove it (either will do): the TXT record to set, and the
 * URL on the host that must answer the challenge's text.
 *
 * @param verifiedBy {@code dns} or {@code http}, once verified
 * @param lastError  why the last verification attempt failed, or null
 */
public record DomainView(String id, String host, String status, Verification verification,
        @JsonInclude(JsonInclude.Include.ALWAYS) Instant verifiedAt,
        @JsonInclude(JsonInclude.Include.ALWAYS) String verifiedBy,
        @JsonInclude(JsonInclude.Include.ALWAYS) Instant lastCheckedAt,
        @JsonInclude(JsonInclude.Include.ALWAYS) String lastError, Instant createdAt) {

    /** What the owner sets up: {@code txt} in their DNS zone, or routes {@code http.url} to this service. */
    public record Verification(String token, Txt txt, Http http) {
    }

    /** @param name the record's full name; {@code value} its text */
    public record Txt(String name, String value) {
    }

    /** @param body what a {@code GET} of {@code url} must answer (this service answers it while the domain is pending) */
    public record Http(String url, String body) {
    }

    static DomainView of(Domain domain, int challengePort) {
        String token = domain.verificationToken();
        String expected = DomainVerifier.expected(token);
        String port = challengePort == DomainVerifier.DEFAULT_HTTP_PORT ? "" : ":" + challengePort;
        return new DomainView(domain.id(), domain.host(), domain.status(), new Verification(token,
                new Txt(DomainVerifier.TXT_PREFIX + domain.host(), expected),
                new Http("http://" + domain.host() + port + DomainVerifier.HTTP_PATH + token, expected)),
                domain.verifiedAt(), domain.verifiedBy(), domain.lastCheckedAt(), domain.lastError(),
                domain.createdAt());
    }
}
