/**
 * Drawing a QR symbol: encoding with ZXing ({@code QrEncoder}), the shape model of the modules
 * ({@code ModuleOutline}), the SVG renderer and the raster renderer (bands of rows streamed into {@code PngWriter}),
 * and the gradient geometry both share. A library: it uses no other package of the application.
 */
package dev.qrforge.render;
