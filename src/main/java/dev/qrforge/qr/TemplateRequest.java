package dev.qrforge.qr;

/**
 * Body of {@code POST /api/v1/templates}, and what a merge patch of one is applied to.
 *
 * @param design the design object the generation endpoints take, frame and logo included
 */
public record TemplateRequest(String name, DesignJson design) {
}
