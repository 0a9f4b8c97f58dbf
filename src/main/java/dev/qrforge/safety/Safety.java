package dev.qrforge.safety;

import java.util.List;
import java.util.Objects;

/**
 * The scan-safety verdict on one rendered code.
 *
 * @param score    0–100, 100 when nothing was found wanting
 * @param status   the band the score falls in
 * @param warnings one sentence per finding, saying what is wrong, why it matters and what to change
 * @param verified whether our own decoder read the rendering back to the original data
 */
public record Safety(int score, SafetyStatus status, List<String> warnings, boolean verified) {

    public Safety {
        Objects.requireNonNull(status, "status");
        warnings = List.copyOf(warnings);
    }
}
