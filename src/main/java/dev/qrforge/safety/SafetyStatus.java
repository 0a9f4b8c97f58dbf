package dev.qrforge.safety;

/** How confident we are that phones will scan a code, as bands of {@link Safety#score()}. */
public enum SafetyStatus {
    /** Nothing stands in the way of scanning. */
    OPTIMAL,
    /** Scans under ordinary conditions; the warnings say what would make it sturdier. */
    ACCEPTABLE,
    /** Likely to fail with some or many scanners; the warnings say why. */
    RISKY
}
