package dev.qrforge.safety;

import java.util.Locale;

/**
 * The evidence and traits the verdict weighs, each named as the API's {@code safety.deductions} spells it. Their
 * points are {@link SafetyAssessor}'s constants, fitted on the calibration grid's training half.
 */
public enum Signal {
    ZXING_UNREAD,
    BOOFCV_UNREAD,
    CAMERA_VIEW,
    CONTRAST,
    INVERTED,
    TRANSPARENT,
    MODULE_SIZE,
    PRINT_MODULE_SIZE,
    QUIET_ZONE,
    VERSION,
    EYE_FRAME,
    EYE_BALL,
    LOGO_COVERAGE,
    BUSY_LOGO,
    FINDER_LIKE_LOGO,
    GROUND_CONTRAST,
    BUSY_GROUND;

    /** The wire name: lower case with underscores, as the API's other enumerations. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
