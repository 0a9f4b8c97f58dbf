package dev.qrforge.qr;

import java.util.List;

/**
 * Body of {@code POST /api/v1/qr} (spec 2.1). Boxed types: absent means "use the default", which
 * {@link QrRequestValidator} supplies. {@code size} is a JSON number: whole pixels, or with {@code unit} mm or in a
 * length that may have decimals.
 */
public record QrRequest(String data, String format, Number size, Integer margin, String errorCorrection,
        DesignJson design, String title, List<String> tags, String unit, Integer dpi, String colorSpace) {

    /** A request in pixels and RGB. */
    public QrRequest(String data, String format, Number size, Integer margin, String errorCorrection,
            DesignJson design, String title, List<String> tags) {
        this(data, format, size, margin, errorCorrection, design, title, tags, null, null, null);
    }

    /** A request for the image alone, without labels. */
    public QrRequest(String data, String format, Number size, Integer margin, String errorCorrection,
            DesignJson design) {
        this(data, format, size, margin, errorCorrection, design, null, null);
    }
}
