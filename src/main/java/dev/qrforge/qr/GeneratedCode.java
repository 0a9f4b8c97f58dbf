package dev.qrforge.qr;

import dev.qrforge.safety.Safety;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * A generated code image with its scan-safety verdict. Exactly one of {@code svg} and {@code png} is present, as the
 * spec's format says; the PNG bytes are copied in and out, so an instance never changes.
 *
 * @param spec    what was asked for
 * @param version the QR version the data needed
 * @param svg     the SVG document, or null for PNG
 * @param png     the PNG file, or null for SVG
 * @param safety  the verdict on this very rendering
 */
public record GeneratedCode(CodeSpec spec, int version, String svg, byte[] png, Safety safety) {

    public GeneratedCode {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(safety, "safety");
        boolean svgExpected = spec.format() == ImageFormat.SVG;
        if (svgExpected != (svg != null) || svgExpected == (png != null)) {
            throw new IllegalArgumentException("exactly the image for format " + spec.format() + " must be present");
        }
        png = png == null ? null : png.clone();
    }

    @Override
    public byte[] png() {
        return png == null ? null : png.clone();
    }

    /** Returns the image file's bytes: the SVG in UTF-8, or the PNG. */
    public byte[] imageBytes() {
        return svg != null ? svg.getBytes(StandardCharsets.UTF_8) : png.clone();
    }

    // Arrays compare by identity; a value type must compare the bytes.
    @Override
    public boolean equals(Object other) {
        return other instanceof GeneratedCode that && spec.equals(that.spec) && version == that.version
                && Objects.equals(svg, that.svg) && Arrays.equals(png, that.png) && safety.equals(that.safety);
    }

    @Override
    public int hashCode() {
        return Objects.hash(spec, version, svg, Arrays.hashCode(png), safety);
    }

    @Override
    public String toString() {
        int bytes = svg != null ? svg.length() : png.length;
        return "GeneratedCode[spec=" + spec + ", version=" + version + ", " + spec.format() + " of " + bytes
                + (svg != null ? " chars" : " bytes") + ", safety=" + safety + "]";
    }
}
