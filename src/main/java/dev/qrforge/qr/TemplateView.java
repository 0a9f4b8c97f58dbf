package dev.qrforge.qr;

import java.time.Instant;

/**
 * A design template as clients see it.
 *
 * @param design the design as saved: only the fields it sets, a logo by its {@code sha256:} reference
 */
public record TemplateView(String id, String name, DesignJson design, Instant createdAt, Instant updatedAt) {
}
