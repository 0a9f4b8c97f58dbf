package dev.qrforge.composite;

import dev.qrforge.images.ClientImages;
import dev.qrforge.images.ImageFile;
import dev.qrforge.images.ImageKind;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.Set;

/**
 * The photos codes are placed on: PNG or JPEG only (a backdrop is pixels, and SVG would add nothing but risk), read
 * by {@link ClientImages} within limits that suit photos, and flattened to opaque RGB.
 */
final class BackgroundImages {

    /** Ample for any photo meant as a backdrop; keeps request bodies and decoding work bounded. */
    static final int MAX_ENCODED_BYTES = 10_000_000;

    /** 40 MP: more than current phone cameras take; as TYPE_INT_RGB it already costs 160 MB of heap. */
    static final long MAX_PIXELS = 40_000_000;

    static final ClientImages.Rules RULES = new ClientImages.Rules(Set.of(ImageKind.PNG, ImageKind.JPEG),
            MAX_ENCODED_BYTES, MAX_PIXELS);

    private BackgroundImages() {
    }

    /**
     * Reads one image up to its header.
     *
     * @param image PNG or JPEG bytes in base64, bare or as a {@code data:image/png;base64,…} URI
     * @param field the image's JSON path, e.g. {@code backgrounds[0].image}
     */
    static ImageFile read(String image, String field) {
        return ClientImages.read(image, field, RULES);
    }

    /**
     * Decodes an image into an opaque image Java2D draws on in colour (its own type when that is an RGB one, else
     * TYPE_INT_RGB); transparent parts are flattened onto white, so that what the safety verdict judges is exactly
     * what the composite shows.
     */
    static BufferedImage decode(ImageFile background, String field) {
        BufferedImage decoded = ClientImages.decode(background, field);
        if (background.decodedRgb()) {
            return decoded;
        }
        BufferedImage rgb = new BufferedImage(decoded.getWidth(), decoded.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = rgb.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, rgb.getWidth(), rgb.getHeight());
            g.drawImage(decoded, 0, 0, null);
        } finally {
            g.dispose();
        }
        return rgb;
    }
}
