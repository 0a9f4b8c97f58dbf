package dev.qrforge.safety;

import java.util.Objects;

/**
 * What one finding of a verdict cost: the signal (a name from {@link Signal}, as the API spells it) and the points
 * it took off the score, zero for advice the calibration found costs nothing.
 */
public record Deduction(String signal, int points) {

    public Deduction {
        Objects.requireNonNull(signal, "signal");
    }
}
