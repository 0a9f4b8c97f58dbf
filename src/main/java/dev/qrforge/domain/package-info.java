/**
 * Custom domains of a workspace ({@code /api/v1/domains}): a host such as {@code go.example.com} registered as
 * pending, proved by a DNS TXT record or an HTTP challenge ({@code DomainVerifier}, through a configurable resolver,
 * {@code DnsLookups}, and SSRF-checked), then usable for dynamic codes' short links. {@code DomainDirectory} tells
 * the redirect path, without the database once cached, which verified domain a request's {@code Host} names.
 */
package dev.qrforge.domain;
