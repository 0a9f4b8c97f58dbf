/**
 * Whether a rendering will scan: {@code DecodeVerifier} reads the image actually drawn (a box-averaged
 * {@code DecodeSample} of it) with ZXing and BoofCV, as delivered and in the {@code CameraView}, and measures the
 * contrast where the modules are; {@code LogoTraits} measures the logo as drawn; {@code SafetyAssessor} scores all of it
 * with pixels per module (or the printed module, {@code PhysicalSize}), quiet zone, density and eyes into the verdict
 * every response carries, each finding a {@code Deduction} of a {@code Signal}, with points fitted against decoders the
 * service does not embed. Uses {@code render}, and {@code api} for the wire names of styles its warnings quote.
 */
package dev.qrforge.safety;
