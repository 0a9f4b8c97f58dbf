/**
 * Transparent codes composited onto background images ({@code POST /api/v1/qr/transparent}): hostile-image-safe
 * decoding, placement and plates, drawing the code over each image, and the safety verdict measured on the result.
 */
package dev.qrforge.composite;
