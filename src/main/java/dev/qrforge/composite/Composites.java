package dev.qrforge.composite;

import dev.qrforge.api.ApiException;
import dev.qrforge.qr.CodeSpec;
import dev.qrforge.qr.ImageFormat;
import dev.qrforge.qr.QrCodes;
import dev.qrforge.qr.QrRequestValidator;
import dev.qrforge.render.DataTooLongException;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.QrMatrix;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

/**
 * The core of {@code POST /api/v1/qr/transparent}: validates a {@link CompositeRequest}, naming the first offending
 * field, and draws its code over each of its images.
 */
public final class Composites {

    /** Each image may cost up to 160 MB while it is worked on; ten keep one request's work bounded. */
    public static final int MAX_BACKGROUNDS = 10;

    private Composites() {
    }

    /**
     * Returns one composite per background, in request order. Everything that can be checked without the images
     * is checked before any image is decoded; the images are then decoded and composited one at a time, so that
     * at most one is held in memory.
     *
     * @throws ApiException on the offending field, e.g. {@code backgrounds[2].placement.width}
     */
    public static List<Composite> make(CompositeRequest request) {
        CodeSpec code = QrRequestValidator.validate(request == null ? null : request.code(), ImageFormat.PNG);
        if (request.design() != null && request.design().backgroundColor() != null) {
            throw ApiException.invalid("design.backgroundColor", "design.backgroundColor does not apply: the image"
                    + " shows through the code's background; to back the code, use placement.plate.color");
        }
        List<BackgroundJson> backgrounds = backgrounds(request.backgrounds());
        Placement shared = Placement.parse(request.placement(), "placement");
        List<Placement> placements = new ArrayList<>();
        for (int i = 0; i < backgrounds.size(); i++) {
            String field = "backgrounds[" + i + "]";
            BackgroundJson background = backgrounds.get(i);
            if (background == null) {
                throw ApiException.invalid(field, field + " must be an object with an image");
            }
            if (background.image() == null) {
                throw ApiException.invalid(field + ".image", field + ".image is required");
            }
            placements.add(background.placement() == null ? shared
                    : Placement.parse(background.placement(), field + ".placement"));
        }
        QrMatrix matrix;
        try {
            matrix = QrEncoder.encode(code.data(), code.errorCorrection());
        } catch (DataTooLongException e) {
            throw ApiException.invalid("data", QrCodes.tooLong(e));
        }
        List<Composite> composites = new ArrayList<>();
        for (int i = 0; i < backgrounds.size(); i++) {
            String field = "backgrounds[" + i + "].image";
            BufferedImage canvas = BackgroundImages.decode(backgrounds.get(i).image(), field);
            composites.add(Compositor.compose(i, canvas, matrix, code, placements.get(i), field));
        }
        return composites;
    }

    private static List<BackgroundJson> backgrounds(List<BackgroundJson> backgrounds) {
        if (backgrounds == null) {
            throw ApiException.invalid("backgrounds", "backgrounds is required: a list of images, e.g."
                    + " [{\"image\": \"data:image/png;base64,…\"}]");
        }
        if (backgrounds.isEmpty() || backgrounds.size() > MAX_BACKGROUNDS) {
            throw ApiException.invalid("backgrounds", "backgrounds must hold 1 to " + MAX_BACKGROUNDS
                    + " images, got " + backgrounds.size());
        }
        return backgrounds;
    }
}
