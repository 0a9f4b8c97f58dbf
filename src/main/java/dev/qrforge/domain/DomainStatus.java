package dev.qrforge.domain;

import dev.qrforge.api.WireNames;

/** Where a custom domain stands: registered and waiting for its proof, or proved and usable. */
enum DomainStatus {
    PENDING, VERIFIED;

    String wireName() {
        return WireNames.of(this);
    }
}
