package dev.qrforge.bulk;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Body of {@code POST /api/v1/dynamic/bulk}: defaults for every item's look, as for static bulk, and the items (1 to
 * 200), each the body of {@code POST /api/v1/dynamic} plus an optional {@code filename}. Items stay JSON trees here,
 * to be bound one by one, so that an error names its item ({@code items[3].destinationUrl}).
 */
public record DynamicBulkRequest(BulkRequest.Defaults defaults, List<JsonNode> items) {
}
