package dev.qrforge.dynamic;

import dev.qrforge.api.WireNames;
import java.util.List;
import java.util.Optional;

/** Spec section 3: a dynamic code is active (redirects) or paused (shows a notice instead); both ways via PATCH. */
public enum DynamicStatus {
    ACTIVE, PAUSED;

    public String wireName() {
        return WireNames.of(this);
    }

    public static Optional<DynamicStatus> fromWire(String value) {
        return WireNames.find(DynamicStatus.class, value);
    }

    public static List<String> wireNames() {
        return WireNames.all(DynamicStatus.class);
    }
}
