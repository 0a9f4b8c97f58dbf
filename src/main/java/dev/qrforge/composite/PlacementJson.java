package dev.qrforge.composite;

/**
 * Where a code goes on an image, as it travels in JSON; every field is optional.
 *
 * @param position one of {@link Position#wireNames()}; default {@code center}
 * @param x        the code's left edge in pixels; with {@code y}, overrides {@code position}
 * @param y        the code's top edge in pixels; with {@code x}, overrides {@code position}
 * @param width    the code's edge in pixels (quiet zone included); default the request's {@code size}
 * @param padding  the distance of a corner position from the image's edges in pixels
 * @param plate    a light backing under the code, or none
 */
public record PlacementJson(String position, Integer x, Integer y, Integer width, Integer padding, PlateJson plate) {
}
