package dev.qrforge.composite;

import dev.qrforge.api.ApiException;
import dev.qrforge.qr.QrRequestValidator;
import java.util.Objects;

/**
 * Where a code goes on an image, validated. Only the image's size turns it into pixels ({@link #resolve}), so errors
 * found then still name the field the placement came from.
 *
 * @param field    the placement's JSON path, e.g. {@code backgrounds[2].placement}
 * @param position where the code goes unless x and y are given
 * @param x        the code's left edge in pixels, or null
 * @param y        the code's top edge in pixels, null iff x is
 * @param width    the code's edge in pixels, or null for the request's size
 * @param padding  the distance of corner positions from the image's edges, or null for
 *                 {@link #DEFAULT_PADDING_SHARE} of the image's shorter side
 * @param plate    the backing under the code, or null for none
 */
record Placement(String field, Position position, Integer x, Integer y, Integer width, Integer padding, Plate plate) {

    /** Far enough from the edges to look deliberate, close enough to leave the image's middle free. */
    static final double DEFAULT_PADDING_SHARE = 0.05;

    Placement {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(position, "position");
        if ((x == null) != (y == null)) {
            throw new IllegalArgumentException("x and y go together");
        }
    }

    /**
     * The square a code occupies on an image, quiet zone included.
     *
     * @param x    its left edge in pixels
     * @param y    its top edge in pixels
     * @param edge its width and height in pixels
     */
    record Box(int x, int y, int edge) {

        /** Returns the box as a warning names it, e.g. {@code "x=40, y=20, 300×300 px"}. */
        String describe() {
            return "x=" + x + ", y=" + y + ", " + edge + "×" + edge + " px";
        }
    }

    /**
     * Validates a placement from JSON, naming offending fields below {@code field}.
     *
     * @param json null for the defaults: centred, {@code size} pixels, no plate
     */
    static Placement parse(PlacementJson json, String field) {
        if (json == null) {
            return new Placement(field, Position.CENTER, null, null, null, null, null);
        }
        Position position = json.position() == null ? Position.CENTER
                : QrRequestValidator.oneOf(field + ".position", json.position(), Position::fromWire,
                        Position.wireNames());
        if ((json.x() == null) != (json.y() == null)) {
            String missing = json.x() == null ? "x" : "y";
            throw ApiException.invalid(field + "." + missing, field + ".x and " + field + ".y go together: give both"
                    + " or neither");
        }
        notNegative(field + ".x", json.x());
        notNegative(field + ".y", json.y());
        if (json.width() != null) {
            QrRequestValidator.inRange(field + ".width", json.width(), 0, QrRequestValidator.MIN_SIZE,
                    QrRequestValidator.MAX_SIZE);
        }
        notNegative(field + ".padding", json.padding());
        return new Placement(field, position, json.x(), json.y(), json.width(), json.padding(),
                plate(json.plate(), field + ".plate"));
    }

    private static Plate plate(PlateJson json, String field) {
        if (json == null) {
            return null;
        }
        double opacity = json.opacity() == null ? Plate.DEFAULT_OPACITY : json.opacity().doubleValue();
        if (!(opacity >= 0 && opacity <= 1)) {
            throw ApiException.invalid(field + ".opacity", field + ".opacity must be between 0 and 1");
        }
        notNegative(field + ".radius", json.radius());
        return new Plate(QrRequestValidator.color(field + ".color", json.color(), Plate.DEFAULT_COLOR), opacity,
                json.radius());
    }

    private static void notNegative(String field, Integer value) {
        if (value != null && value < 0) {
            throw ApiException.invalid(field, field + " must not be negative");
        }
    }

    /**
     * Returns where the code goes on an image of the given size. The edge shrinks to the image's shorter side if
     * need be, and corner padding to what is left beside the code; explicit x and y are never moved, so a code
     * they would push off the image is the caller's error.
     *
     * @param size  the code's edge when the placement gives no width
     * @param image the image's JSON path, for error messages
     */
    Box resolve(int imageWidth, int imageHeight, int size, String image) {
        int edge = Math.min(width == null ? size : width, Math.min(imageWidth, imageHeight));
        if (x != null) {
            return new Box(within("x", x, edge, imageWidth, image + ", which is " + imageWidth + " px wide"),
                    within("y", y, edge, imageHeight, image + ", which is " + imageHeight + " px high"), edge);
        }
        int gap = padding == null
                ? (int) Math.round(DEFAULT_PADDING_SHARE * Math.min(imageWidth, imageHeight)) : padding;
        int left = Math.min(gap, imageWidth - edge);
        int top = Math.min(gap, imageHeight - edge);
        int right = imageWidth - edge - left;
        int bottom = imageHeight - edge - top;
        return switch (position) {
            case CENTER -> new Box((imageWidth - edge) / 2, (imageHeight - edge) / 2, edge);
            case TOP_LEFT -> new Box(left, top, edge);
            case TOP_RIGHT -> new Box(right, top, edge);
            case BOTTOM_LEFT -> new Box(left, bottom, edge);
            case BOTTOM_RIGHT -> new Box(right, bottom, edge);
        };
    }

    private int within(String axis, int offset, int edge, int extent, String image) {
        if (offset > extent - edge) {
            String name = field + "." + axis;
            throw ApiException.invalid(name, name + "=" + offset + " puts the " + edge + " px code past the edge of "
                    + image + "; at most " + (extent - edge));
        }
        return offset;
    }
}
