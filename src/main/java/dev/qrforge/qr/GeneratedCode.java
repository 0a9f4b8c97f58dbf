package dev.qrforge.qr;

import dev.qrforge.safety.Safety;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A generated code image with its scan-safety verdict. The file, in the spec's format, is held as a read-only view of
 * bytes the record takes over from its maker, so a large image is never copied on its way to the response.
 *
 * @param spec    what was asked for
 * @param version the QR version the data needed
 * @param file    the image file (an SVG in UTF-8)
 * @param safety  the verdict on this very rendering
 */
public record GeneratedCode(CodeSpec spec, int version, ByteBuffer file, Safety safety) {

    public GeneratedCode {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(safety, "safety");
        file = file.asReadOnlyBuffer();
    }

    /** Returns the image file, positioned at its start. */
    @Override
    public ByteBuffer file() {
        return file.duplicate();
    }

    /** The SVG document, or null for another format. */
    public String svg() {
        return spec.format() == ImageFormat.SVG ? StandardCharsets.UTF_8.decode(file()).toString() : null;
    }

    /** The PNG file, or null for another format. */
    public ByteBuffer png() {
        return spec.format() == ImageFormat.PNG ? file() : null;
    }

    @Override
    public String toString() {
        return "GeneratedCode[spec=" + spec + ", version=" + version + ", " + spec.format() + " of "
                + file.remaining() + " bytes, safety=" + safety + "]";
    }
}
