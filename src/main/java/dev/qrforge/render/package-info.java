/**
 * Drawing a QR symbol: encoding with ZXing ({@code QrEncoder}), the shape model ({@code BodyOutline} for the body
 * styles, {@code EyeOutline} for eye frames and balls, {@code FrameLayout} and {@code FrameText} for a frame with a
 * call to action and its caption, all tracing into an {@code OutlineSink}, grouped by fill in {@code Layers}), the
 * SVG renderer and the raster renderer (bands of rows streamed into {@code PngWriter}, which deflates them with
 * {@code RunLengthDeflate}, with alpha for transparent designs; codes of square modules alone on whole pixels in
 * {@code AlignedRaster}), the print renderers drawing the same layers ({@code PdfRenderer}, {@code EpsRenderer}, in
 * RGB or {@code Cmyk} inks on a {@code PrintPage}; JPEG and WebP files in {@code RasterFiles}), and the gradient
 * geometry they all share. A library: it uses no other package of the application.
 */
package dev.qrforge.render;
