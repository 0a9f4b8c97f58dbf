package dev.qrforge.webhook;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The events a webhook can subscribe to, by their wire names. */
public enum EventType {
    SCAN_CREATED("scan.created"),
    BULK_COMPLETED("bulk.completed"),
    BULK_FAILED("bulk.failed"),
    CODE_DELETED("code.deleted");

    private final String wireName;

    EventType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    static Optional<EventType> of(String wireName) {
        return Arrays.stream(values()).filter(type -> type.wireName.equals(wireName)).findFirst();
    }

    static List<String> allWireNames() {
        return Arrays.stream(values()).map(EventType::wireName).toList();
    }
}
