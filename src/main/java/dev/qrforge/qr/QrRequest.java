package dev.qrforge.qr;

/**
 * Body of {@code POST /api/v1/qr} (spec 2.1). Boxed types: absent means "use the default", which
 * {@link QrRequestValidator} supplies.
 */
public record QrRequest(String data, String format, Integer size, Integer margin, String errorCorrection,
        DesignJson design) {
}
