package dev.qrforge.qr;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.qrforge.content.Content;
import dev.qrforge.safety.Safety;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/**
 * A QR code record (spec 2.2). Single-record responses carry the image in the field named after its format:
 * {@code svg} as text, {@code png}, {@code pdf}, {@code eps}, {@code jpeg} or {@code webp} as the file in base64;
 * listings leave them out.
 *
 * @param size       the edge in {@code unit}: whole pixels, or a length in millimetres or inches
 * @param dynamic    whether the code is a dynamic code's QR record (its data is the short link)
 * @param dynamicId  that dynamic code's id, or null for a static code
 * @param content    the typed payload {@code data} encodes, normalised (defaults filled in); null for free data
 * @param unit       {@code px}, {@code mm} or {@code in}
 * @param dpi        pixels per inch of a physically sized raster file; absent otherwise
 * @param colorSpace {@code rgb}, or {@code cmyk} (PDF and EPS)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QrView(String id, String format, Number size, int margin, String errorCorrection, String data,
        DesignJson design, String svg, ByteBuffer png, Safety safety, @JsonInclude(JsonInclude.Include.ALWAYS) String title,
        List<String> tags, boolean dynamic, String dynamicId, Instant createdAt, Content content, String unit,
        Integer dpi, String colorSpace, ByteBuffer pdf, ByteBuffer eps, ByteBuffer jpeg, ByteBuffer webp) {

    /** A record of free data in pixels and RGB, without a print file. */
    public QrView(String id, String format, Number size, int margin, String errorCorrection, String data,
            DesignJson design, String svg, ByteBuffer png, Safety safety, String title, List<String> tags,
            boolean dynamic, String dynamicId, Instant createdAt) {
        this(id, format, size, margin, errorCorrection, data, design, svg, png, safety, title, tags, dynamic,
                dynamicId, createdAt, null, "px", null, "rgb", null, null, null, null);
    }

    /** The same record carrying an image file, in the field of its format. */
    QrView withImage(ImageFormat format, ByteBuffer file) {
        ByteBuffer[] files = new ByteBuffer[ImageFormat.values().length];
        files[format.ordinal()] = file;
        return new QrView(id, this.format, size, margin, errorCorrection, data, design,
                format == ImageFormat.SVG ? StandardCharsets.UTF_8.decode(file.duplicate()).toString() : null,
                files[ImageFormat.PNG.ordinal()], safety, title, tags, dynamic, dynamicId, createdAt, content, unit,
                dpi, colorSpace, files[ImageFormat.PDF.ordinal()], files[ImageFormat.EPS.ordinal()],
                files[ImageFormat.JPEG.ordinal()], files[ImageFormat.WEBP.ordinal()]);
    }
}
