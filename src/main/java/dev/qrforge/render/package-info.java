/**
 * Drawing a QR symbol: encoding with ZXing ({@code QrEncoder}), the shape model ({@code BodyOutline} for the body
 * styles, {@code EyeOutline} for eye frames and balls, {@code FrameLayout} and {@code FrameText} for a frame with a
 * call to action and its caption, all tracing into an {@code OutlineSink}, grouped by fill in {@code Layers}), the SVG renderer and the raster renderer (bands of rows streamed into
 * {@code PngWriter}, with alpha for transparent designs), and the gradient geometry both share. A library: it uses
 * no other package of the application.
 */
package dev.qrforge.render;
