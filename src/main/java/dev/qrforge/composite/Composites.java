package dev.qrforge.composite;

import dev.qrforge.api.ApiException;
import dev.qrforge.images.ImageFile;
import dev.qrforge.qr.CodeSpec;
import dev.qrforge.qr.DesignJson;
import dev.qrforge.qr.ImageFormat;
import dev.qrforge.qr.LogoReader;
import dev.qrforge.qr.QrCodes;
import dev.qrforge.qr.QrRequestValidator;
import dev.qrforge.render.DataTooLongException;
import dev.qrforge.render.PngWriter;
import dev.qrforge.render.QrEncoder;
import dev.qrforge.render.QrMatrix;
import dev.qrforge.render.RenderSpec;
import dev.qrforge.safety.DecodeVerifier;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

/**
 * The core of {@code POST /api/v1/qr/transparent}: validates a {@link CompositeRequest}, naming the first offending
 * field, works out what compositing it will cost, and draws its code over each of its images.
 */
public final class Composites {

    /** At most ten images per request keep one request's work bounded; the render budget bounds their sizes. */
    public static final int MAX_BACKGROUNDS = 10;

    private Composites() {
    }

    /**
     * A request checked as far as it can be without decoding a single pixel: every field, and every image's format
     * and size, so that its memory cost is known before any of it is spent.
     *
     * @param memoryCost the heap {@link #make} holds at its peak: every image's file and finished composite, and the
     *                   largest image's decoding and drawing
     */
    public record Plan(CodeSpec code, QrMatrix matrix, List<ImageFile> backgrounds,
            List<Placement> placements, long memoryCost) {
    }

    /**
     * Validates a {@link CompositeRequest}, naming the first offending field, and reads each image's header.
     *
     * @throws ApiException on the offending field, e.g. {@code backgrounds[2].placement.width}
     */
    public static Plan plan(CompositeRequest request, LogoReader logos) {
        CodeSpec code = QrRequestValidator.validate(request == null ? null : request.code(), ImageFormat.PNG, logos);
        if (request.design() != null && request.design().backgroundColor() != null
                && !DesignJson.TRANSPARENT.equals(request.design().backgroundColor())) {
            throw ApiException.invalid("design.backgroundColor", "design.backgroundColor does not apply: the image"
                    + " shows through the code's background; to back the code, use placement.plate.color");
        }
        if (code.design().frame().present()) {
            throw ApiException.invalid("design.frame", "design.frame does not apply: a code placed over an image"
                    + " has no frame; a placement's plate sets it off from the image");
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
        List<ImageFile> images = new ArrayList<>();
        long held = 0;
        long working = 0;
        for (int i = 0; i < backgrounds.size(); i++) {
            String field = "backgrounds[" + i + "].image";
            ImageFile image = BackgroundImages.read(backgrounds.get(i).image(), field);
            images.add(image);
            Placement.Box box = placements.get(i).resolve(image.width(), image.height(), code.size(), field);
            RenderSpec placed = new RenderSpec(matrix, box.edge(), code.margin(), code.design());
            held += image.bytes().length + PngWriter.maxBytes(image.width(), image.height(), false);
            working = Math.max(working, image.decodeBytes() + PngWriter.workingBytes(image.width())
                    + DecodeVerifier.memoryCost(placed));
        }
        if (code.logo() != null) {
            working += code.logo().memoryCost();
        }
        return new Plan(code, matrix, images, placements, held + working);
    }

    /**
     * Draws the plan's code over each of its images and returns one composite per background, in request order.
     * The images are decoded and composited one at a time, so that at most one is held decoded.
     */
    public static List<Composite> make(Plan plan) {
        List<Composite> composites = new ArrayList<>();
        for (int i = 0; i < plan.backgrounds().size(); i++) {
            String field = "backgrounds[" + i + "].image";
            BufferedImage canvas = BackgroundImages.decode(plan.backgrounds().get(i), field);
            composites.add(Compositor.compose(i, canvas, plan.matrix(), plan.code(), plan.placements().get(i),
                    field));
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
