package dev.qrforge.composite;

/**
 * One image of a {@link CompositeRequest}.
 *
 * @param image     a PNG or JPEG file in base64, bare or as a data URI ({@code data:image/png;base64,…})
 * @param placement where the code goes on this image; replaces the request's {@code placement} as a whole
 */
public record BackgroundJson(String image, PlacementJson placement) {
}
