package dev.qrforge.dynamic;

/** Fired when a dynamic code's routing changes; observed after commit, so caches never reload the old state. */
public record DynamicCodeChanged(String shortCode) {
}
