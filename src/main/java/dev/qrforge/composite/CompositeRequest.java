package dev.qrforge.composite;

import dev.qrforge.qr.DesignJson;
import dev.qrforge.qr.QrRequest;
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
 */
public record CompositeRequest(String data, Integer size, Integer margin, String errorCorrection, DesignJson design,
        List<BackgroundJson> backgrounds, PlacementJson placement) {

    /** Returns the fields this request shares with {@code POST /api/v1/qr}, for that endpoint's validation. */
    public QrRequest code() {
        return new QrRequest(data, null, size, margin, errorCorrection, design);
    }
}
