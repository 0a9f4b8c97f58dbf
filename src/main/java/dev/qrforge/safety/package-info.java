/**
 * Whether a rendering will scan: {@code DecodeVerifier} decodes the image actually drawn (a box-averaged
 * {@code DecodeSample} of it), {@code SafetyAssessor} scores contrast, size, quiet zone, density, eyes and logo into the
 * verdict every response carries. Uses {@code render}, and {@code api} for the wire names of styles its warnings quote.
 */
package dev.qrforge.safety;
