package dev.qrforge.qr;

import dev.qrforge.content.Content;
import java.util.List;

/**
 * Body of {@code POST /api/v1/qr} (spec 2.1). Boxed types: absent means "use the default", which
 * {@link QrRequestValidator} supplies. {@code size} is a JSON number: whole pixels, or with {@code unit} mm or in a
 * length that may have decimals.
 *
 * @param content  a typed payload, the alternative to {@code data}: exactly one of the two is given
 * @param template the id of a design template under {@code design} ({@link TemplateReader#resolve}, before
 *                 validation)
 */
public record QrRequest(String data, String format, Number size, Integer margin, String errorCorrection,
        DesignJson design, String title, List<String> tags, Content content, String unit, Integer dpi,
        String colorSpace, String template) {

    /** A request without a template. */
    public QrRequest(String data, String format, Number size, Integer margin, String errorCorrection,
            DesignJson design, String title, List<String> tags, Content content, String unit, Integer dpi,
            String colorSpace) {
        this(data, format, size, margin, errorCorrection, design, title, tags, content, unit, dpi, colorSpace, null);
    }

    /** A request with free data, in pixels and RGB. */
    public QrRequest(String data, String format, Number size, Integer margin, String errorCorrection,
            DesignJson design, String title, List<String> tags) {
        this(data, format, size, margin, errorCorrection, design, title, tags, null, null, null, null);
    }

    /** A request with a typed content (or free data, with {@code content} null), in pixels and RGB. */
    public QrRequest(String data, String format, Number size, Integer margin, String errorCorrection,
            DesignJson design, String title, List<String> tags, Content content) {
        this(data, format, size, margin, errorCorrection, design, title, tags, content, null, null, null);
    }

    /** A request with free data at a size in {@code unit}, in {@code colorSpace}. */
    public QrRequest(String data, String format, Number size, Integer margin, String errorCorrection,
            DesignJson design, String title, List<String> tags, String unit, Integer dpi, String colorSpace) {
        this(data, format, size, margin, errorCorrection, design, title, tags, null, unit, dpi, colorSpace);
    }

    /** A request for the image alone, without labels. */
    public QrRequest(String data, String format, Number size, Integer margin, String errorCorrection,
            DesignJson design) {
        this(data, format, size, margin, errorCorrection, design, null, null);
    }

    /** This request with {@code effective} as its design and no template: what a template resolves into. */
    public QrRequest withDesign(DesignJson effective) {
        return new QrRequest(data, format, size, margin, errorCorrection, effective, title, tags, content, unit, dpi,
                colorSpace);
    }
}
