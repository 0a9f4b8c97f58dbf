package dev.qrforge.bulk;

import dev.qrforge.content.Content;
import dev.qrforge.qr.DesignJson;
import java.util.List;

/**
 * Body of {@code POST /api/v1/qr/bulk}: defaults for every item, and the items (1 to 200), each of which may
 * override any default; a design is merged field by field. Each level may name a design {@code template}, which its
 * own design overrides; an item's design, so resolved, then overrides the defaults', so resolved.
 */
public record BulkRequest(Defaults defaults, List<Item> items) {

    /** {@code size}, {@code unit}, {@code dpi} and {@code colorSpace} as on a single code (docs/api.md). */
    public record Defaults(String format, Number size, Integer margin, String errorCorrection, DesignJson design,
            String unit, Integer dpi, String colorSpace, String template) {

        /** Defaults in pixels and RGB. */
        public Defaults(String format, Number size, Integer margin, String errorCorrection, DesignJson design) {
            this(format, size, margin, errorCorrection, design, null, null, null, null);
        }
    }

    /** @param content a typed payload, the alternative to {@code data} (per item only: defaults have none) */
    public record Item(String data, String format, Number size, Integer margin, String errorCorrection,
            DesignJson design, String filename, Content content, String unit, Integer dpi, String colorSpace,
            String template) {

        /** An item of free data, in pixels and RGB. */
        public Item(String data, String format, Number size, Integer margin, String errorCorrection,
                DesignJson design, String filename) {
            this(data, format, size, margin, errorCorrection, design, filename, null, null, null, null, null);
        }

        /** An item in pixels and RGB. */
        public Item(String data, String format, Number size, Integer margin, String errorCorrection,
                DesignJson design, String filename, Content content) {
            this(data, format, size, margin, errorCorrection, design, filename, content, null, null, null, null);
        }
    }
}
