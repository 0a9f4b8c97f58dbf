package dev.qrforge.qr;

import java.util.List;

/**
 * Body of {@code POST /api/v1/qr} (spec 2.1). Boxed types: absent means "use the default", which
 * {@link QrRequestValidator} supplies.
 */
public record QrRequest(String data, String format, Integer size, Integer margin, String errorCorrection,
        DesignJson design, String title, List<String> tags) {

    /** A request for the image alone, without labels. */
    public QrRequest(String data, String format, Integer size, Integer margin, String errorCorrection,
            DesignJson design) {
        this(data, format, size, margin, errorCorrection, design, null, null);
    }
}
