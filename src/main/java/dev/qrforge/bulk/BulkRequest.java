package dev.qrforge.bulk;

import dev.qrforge.content.Content;
import dev.qrforge.qr.DesignJson;
import java.util.List;

/**
 * Body of {@code POST /api/v1/qr/bulk}: defaults for every item, and the items (1 to 200), each of which may
 * override any default; a design is merged field by field.
 */
public record BulkRequest(Defaults defaults, List<Item> items) {

    public record Defaults(String format, Integer size, Integer margin, String errorCorrection, DesignJson design) {
    }

    /** @param content a typed payload, the alternative to {@code data} (per item only: defaults have none) */
    public record Item(String data, String format, Integer size, Integer margin, String errorCorrection,
            DesignJson design, String filename, Content content) {

        /** An item of free data. */
        public Item(String data, String format, Integer size, Integer margin, String errorCorrection,
                DesignJson design, String filename) {
            this(data, format, size, margin, errorCorrection, design, filename, null);
        }
    }
}
