package dev.qrforge.qr;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.qrforge.api.WireNames;
import dev.qrforge.render.Design;

/**
 * The {@code design} object as it travels in JSON, in requests (every field optional) and in records (the
 * effective values, defaults filled in).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DesignJson(String bodyStyle, String foregroundColor, String backgroundColor, String gradientType,
        String gradientColor2) {

    public static DesignJson of(Design design) {
        return new DesignJson(WireNames.of(design.bodyStyle()), design.foreground().hex(), design.background().hex(),
                design.gradient() == null ? null : WireNames.of(design.gradient().type()),
                design.gradient() == null ? null : design.gradient().color2().hex());
    }
}
