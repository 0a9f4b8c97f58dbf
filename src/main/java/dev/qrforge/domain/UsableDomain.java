package dev.qrforge.domain;

/** A verified domain of the asking workspace, for a dynamic code to live on. */
public record UsableDomain(String id, String host) {
}
