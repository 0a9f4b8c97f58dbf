/**
 * Whether a rendering will scan: {@code DecodeVerifier} decodes the image actually drawn (a box-averaged
 * {@code DecodeSample} of it), {@code SafetyAssessor} scores contrast, size, quiet zone and density into the
 * verdict every response carries. Uses only {@code render}.
 */
package dev.qrforge.safety;
