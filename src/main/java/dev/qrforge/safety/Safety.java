package dev.qrforge.safety;

import java.util.List;
import java.util.Objects;

/**
 * The scan-safety verdict on one rendered code.
 *
 * @param score      0–100, 100 when nothing was found wanting
 * @param status     the band the score falls in
 * @param warnings   one sentence per finding, saying what is wrong, why it matters and what to change
 * @param verified   whether both our decoders read the rendering back to the original data
 * @param deductions what each warning cost, in the same order; empty for verdicts stored before they were kept
 */
public record Safety(int score, SafetyStatus status, List<String> warnings, boolean verified,
        List<Deduction> deductions) {

    public Safety {
        Objects.requireNonNull(status, "status");
        warnings = List.copyOf(warnings);
        deductions = List.copyOf(deductions);
        if (!deductions.isEmpty() && deductions.size() != warnings.size()) {
            throw new IllegalArgumentException(deductions.size() + " deductions for " + warnings.size()
                    + " warnings");
        }
    }
}
