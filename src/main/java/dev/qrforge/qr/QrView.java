package dev.qrforge.qr;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.qrforge.content.Content;
import dev.qrforge.safety.Safety;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;

/**
 * A QR code record (spec 2.2). {@code svg} or {@code png} (a PNG file, base64 in JSON) carries the image in single-record
 * responses; listings leave both out.
 *
 * @param dynamic   whether the code is a dynamic code's QR record (its data is the short link)
 * @param dynamicId that dynamic code's id, or null for a static code
 * @param content   the typed payload {@code data} encodes, normalised (defaults filled in); null for free data
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QrView(String id, String format, int size, int margin, String errorCorrection, String data,
        DesignJson design, String svg, ByteBuffer png, Safety safety, @JsonInclude(JsonInclude.Include.ALWAYS) String title,
        List<String> tags, boolean dynamic, String dynamicId, Instant createdAt, Content content) {

    /** The same record carrying an image file. */
    QrView withImage(String svgFile, ByteBuffer pngFile) {
        return new QrView(id, format, size, margin, errorCorrection, data, design, svgFile, pngFile, safety, title,
                tags, dynamic, dynamicId, createdAt, content);
    }
}
