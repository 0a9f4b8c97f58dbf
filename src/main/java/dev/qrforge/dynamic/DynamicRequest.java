package dev.qrforge.dynamic;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.qr.DesignJson;
import dev.qrforge.qr.QrRequest;
import java.util.List;

/**
 * Body of {@code POST /api/v1/dynamic}. {@code rules} stays a JSON tree here so that POST and PATCH validate it
 * through the same path ({@link RuleSet#parse}); {@code validFrom} and {@code expiresAt} are text so a bad timestamp
 * is reported by name.
 *
 * @param content  bound only to be refused by name with the reason: a dynamic code's data is its short link
 * @param password the password gate's password, or null for none; kept only as its hash
 * @param template a design template under {@code design}, as for {@code POST /api/v1/qr}
 * @param domain   a verified custom domain of the workspace for the short link (its host), or null for the default
 * @param campaign the id of the workspace's campaign to file it in, or null for none
 */
public record DynamicRequest(String destinationUrl, String shortCode, JsonNode rules, Utm utm, String status,
        String validFrom, String expiresAt, Long maxScans, String expiredUrl, String password, String title,
        List<String> tags,
        String format, Number size, Integer margin, String errorCorrection, DesignJson design, JsonNode content,
        String unit, Integer dpi, String colorSpace, String template, String domain, String campaign) {

    /** A code drawn in pixels and RGB. */
    public DynamicRequest(String destinationUrl, String shortCode, JsonNode rules, String status, String expiresAt,
            String expiredUrl, String title, List<String> tags, String format, Number size, Integer margin,
            String errorCorrection, DesignJson design) {
        this(destinationUrl, shortCode, rules, null, status, null, expiresAt, null, expiredUrl, null, title, tags,
                format, size, margin, errorCorrection, design, null, null, null, null, null, null, null);
    }

    /** This request with {@code shortCode} chosen. */
    public DynamicRequest withShortCode(String shortCode) {
        return new DynamicRequest(destinationUrl, shortCode, rules, utm, status, validFrom, expiresAt, maxScans,
                expiredUrl, password, title, tags, format, size, margin, errorCorrection, design, content, unit, dpi,
                colorSpace, template, domain, campaign);
    }

    /** This request drawn as {@code look} says (its format, size, margin, error correction, design and print units). */
    public DynamicRequest withLook(QrRequest look) {
        return new DynamicRequest(destinationUrl, shortCode, rules, utm, status, validFrom, expiresAt, maxScans,
                expiredUrl, password, title, tags, look.format(), look.size(), look.margin(), look.errorCorrection(),
                look.design(), content, look.unit(), look.dpi(), look.colorSpace(), look.template(), domain,
                campaign);
    }
}
