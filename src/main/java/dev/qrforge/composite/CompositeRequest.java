package dev.qrforge.composite;

import dev.qrforge.qr.DesignJson;
import dev.qrforge.qr.QrRequest;
import dev.qrforge.qr.TemplateReader;
import java.util.List;

/**
 * Body of {@code POST /api/v1/qr/transparent}: one code, drawn with a transparent background over each of the
 * given images. Boxed types: absent means "use the default", which {@link Composites} supplies.
 *
 * @param data            the text to encode, as for {@code POST /api/v1/qr}
 * @param size            the code's default edge on each image in pixels, as for {@code POST /api/v1/qr}
 * @param margin          the quiet zone in modules, as for {@code POST /api/v1/qr}
 * @param errorCorrection as for {@code POST /api/v1/qr}
 * @param design          as for {@code POST /api/v1/qr}, except that {@code backgroundColor} does not apply
 * @param backgrounds     the images, each with an optional placement of its own
 * @param placement       where the code goes on every image without a placement of its own
 * @param template        a design template under {@code design}, as for {@code POST /api/v1/qr}
 */
public record CompositeRequest(String data, Integer size, Integer margin, String errorCorrection, DesignJson design,
        List<BackgroundJson> backgrounds, PlacementJson placement, String template) {

    /** A request without a template. */
    public CompositeRequest(String data, Integer size, Integer margin, String errorCorrection, DesignJson design,
            List<BackgroundJson> backgrounds, PlacementJson placement) {
        this(data, size, margin, errorCorrection, design, backgrounds, placement, null);
    }

    /**
     * This request with its template applied to its design. The template's background colour and frame are left
     * out, not refused: a code over an image has neither, yet the template that gives the rest of its look may well
     * have them for printing.
     */
    public CompositeRequest resolve(TemplateReader templates) {
        return template == null ? this : new CompositeRequest(data, size, margin, errorCorrection,
                templates.design(template, design, TemplateReader.FIELD, DesignJson::withoutBackdrop), backgrounds,
                placement);
    }

    /** Returns the fields this request shares with {@code POST /api/v1/qr}, for that endpoint's validation. */
    public QrRequest code() {
        return new QrRequest(data, null, size, margin, errorCorrection, design);
    }
}
