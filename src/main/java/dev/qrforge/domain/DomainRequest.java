package dev.qrforge.domain;

/** The body of {@code POST /api/v1/domains}: the host to register, e.g. {@code go.example.com} or an IDN. */
public record DomainRequest(String host) {
}
