package dev.qrforge.qr;

import dev.qrforge.safety.Safety;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A generated code image with its scan-safety verdict. Exactly one of {@code svg} and {@code png} is present, as the
 * spec's format says. The PNG is held as a read-only view of bytes the record takes over from its maker, so a large
 * image is never copied on its way to the response.
 *
 * @param spec    what was asked for
 * @param version the QR version the data needed
 * @param svg     the SVG document, or null for PNG
 * @param png     the PNG file, or null for SVG
 * @param safety  the verdict on this very rendering
 */
public record GeneratedCode(CodeSpec spec, int version, String svg, ByteBuffer png, Safety safety) {

    public GeneratedCode {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(safety, "safety");
        boolean svgExpected = spec.format() == ImageFormat.SVG;
        if (svgExpected != (svg != null) || svgExpected == (png != null)) {
            throw new IllegalArgumentException("exactly the image for format " + spec.format() + " must be present");
        }
        png = png == null ? null : png.asReadOnlyBuffer();
    }

    @Override
    public ByteBuffer png() {
        return png == null ? null : png.duplicate();
    }

    /** Returns the image file: the SVG in UTF-8, or the PNG. */
    public ByteBuffer imageFile() {
        return svg != null ? ByteBuffer.wrap(svg.getBytes(StandardCharsets.UTF_8)).asReadOnlyBuffer() : png();
    }

    @Override
    public String toString() {
        int bytes = svg != null ? svg.length() : png.remaining();
        return "GeneratedCode[spec=" + spec + ", version=" + version + ", " + spec.format() + " of " + bytes
                + (svg != null ? " chars" : " bytes") + ", safety=" + safety + "]";
    }
}
