package dev.qrforge.dynamic;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.qr.DesignJson;
import java.util.List;

/**
 * Body of {@code POST /api/v1/dynamic}. {@code rules} stays a JSON tree here so that POST and PATCH validate it
 * through the same path ({@link RuleSet#parse}); {@code expiresAt} is text so a bad timestamp is reported by name.
 */
public record DynamicRequest(String destinationUrl, String shortCode, JsonNode rules, String status, String expiresAt,
        String expiredUrl, String title, List<String> tags, String format, Integer size, Integer margin, String errorCorrection,
        DesignJson design) {
}
