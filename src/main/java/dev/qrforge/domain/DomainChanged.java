package dev.qrforge.domain;

/** A host that now leads elsewhere (verified, or its domain deleted); observed after commit by the directory. */
record DomainChanged(String host) {
}
