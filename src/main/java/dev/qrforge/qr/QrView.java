package dev.qrforge.qr;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.qrforge.safety.Safety;
import java.nio.ByteBuffer;
import java.time.Instant;

/**
 * A QR code record (spec 2.2). {@code svg} or {@code png} (a PNG file, base64 in JSON) carries the image in single-record
 * responses; listings leave both out.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QrView(String id, String format, int size, int margin, String errorCorrection, String data,
        DesignJson design, String svg, ByteBuffer png, Safety safety, Instant createdAt) {
}
