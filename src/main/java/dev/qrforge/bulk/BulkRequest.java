package dev.qrforge.bulk;

import dev.qrforge.qr.DesignJson;
import java.util.List;

/**
 * Body of {@code POST /api/v1/qr/bulk}: defaults for every item, and the items (1 to 200), each of which may
 * override any default; a design is merged field by field.
 */
public record BulkRequest(Defaults defaults, List<Item> items) {

    public record Defaults(String format, Integer size, Integer margin, String errorCorrection, DesignJson design) {
    }

    public record Item(String data, String format, Integer size, Integer margin, String errorCorrection,
            DesignJson design, String filename) {
    }
}
