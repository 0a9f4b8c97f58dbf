package dev.qrforge.qr;

import dev.qrforge.content.Content;
import java.util.List;

/**
 * Body of {@code POST /api/v1/qr} (spec 2.1). Boxed types: absent means "use the default", which
 * {@link QrRequestValidator} supplies.
 *
 * @param content a typed payload, the alternative to {@code data}: exactly one of the two is given
 */
public record QrRequest(String data, String format, Integer size, Integer margin, String errorCorrection,
        DesignJson design, String title, List<String> tags, Content content) {

    /** A request with free data, no typed content. */
    public QrRequest(String data, String format, Integer size, Integer margin, String errorCorrection,
            DesignJson design, String title, List<String> tags) {
        this(data, format, size, margin, errorCorrection, design, title, tags, null);
    }

    /** A request for the image alone, without labels. */
    public QrRequest(String data, String format, Integer size, Integer margin, String errorCorrection,
            DesignJson design) {
        this(data, format, size, margin, errorCorrection, design, null, null, null);
    }
}
