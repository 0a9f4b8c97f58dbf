package dev.qrforge.qr;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.qrforge.api.ApiException;
import dev.qrforge.api.ErrorMapper;
import dev.qrforge.api.JsonConfig;
import dev.qrforge.render.Cmyk;
import dev.qrforge.render.Rgb;
import java.io.IOException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Colours given as {@code cmyk(c,m,y,k)} in a design. Every colour field of the design, wherever it is (top level,
 * per eye, or any nested object), may hold one when the code is CMYK: it is drawn (and judged) as its RGB equivalent,
 * and written to the file as exactly those inks. Records show it as it was given.
 *
 * <p>Inks are found again by their RGB equivalent, so two colours of one design that share it must share their inks:
 * two different {@code cmyk(…)} with the same equivalent, or a {@code #rrggbb} whose conversion differs from the
 * {@code cmyk(…)} that has it as equivalent, are refused.
 */
final class CmykColours {

    private static final ObjectMapper JSON = JsonConfig.build();
    private static final String PREFIX = "design.";

    /**
     * A design with its CMYK colours replaced by their RGB equivalents, and their inks.
     *
     * @param design   the design with {@code #rrggbb} colours only
     * @param cmykInks the inks given explicitly, by RGB equivalent
     */
    record Split(DesignJson design, Map<Rgb, Cmyk> cmykInks) {
    }

    private CmykColours() {
    }

    /** Takes the {@code cmyk(…)} colours out of {@code design}, naming the field of the first that is not allowed. */
    static Split split(DesignJson design, ColorSpace colorSpace) {
        if (design == null) {
            return new Split(null, Map.of());
        }
        Map<Rgb, Cmyk> inks = new HashMap<>();
        Map<Rgb, String> givenBy = new HashMap<>();
        DesignJson rgb = rewrite(design, (field, value) -> {
            if (!Cmyk.looksLike(value)) {
                return value;
            }
            if (colorSpace != ColorSpace.CMYK) {
                throw ApiException.invalid(field, field + " is a CMYK colour, which needs colorSpace cmyk (with format"
                        + " pdf or eps); give #rrggbb for RGB output");
            }
            Cmyk ink = Cmyk.parse(value).orElseThrow(() -> ApiException.invalid(field, field
                    + " must be cmyk(c,m,y,k) with each value a percentage from 0 to 100, got '" + value + "'"));
            Rgb equivalent = ink.toRgb();
            Cmyk earlier = inks.putIfAbsent(equivalent, ink);
            if (earlier != null && !earlier.equals(ink)) {
                throw ApiException.invalid(field, field + " " + ink.wire() + " has the same RGB equivalent ("
                        + equivalent.hex() + ") as " + givenBy.get(equivalent) + " " + earlier.wire()
                        + "; one design's colours must differ in RGB too");
            }
            givenBy.putIfAbsent(equivalent, field);
            return equivalent.hex();
        });
        rewrite(design, (field, value) -> {
            Optional<Rgb> hex = Rgb.parseHex(value);
            if (hex.isPresent() && inks.containsKey(hex.get()) && !Cmyk.of(hex.get()).equals(inks.get(hex.get()))) {
                throw ApiException.invalid(field, field + " " + value + " is the RGB equivalent of "
                        + givenBy.get(hex.get()) + " " + inks.get(hex.get()).wire() + " but converts to "
                        + Cmyk.of(hex.get()).wire() + "; give it as " + inks.get(hex.get()).wire() + " too");
            }
            return value;
        });
        return new Split(rgb, inks);
    }

    /** The design as records show it: each colour that has explicit inks spelled as them. */
    static DesignJson restore(DesignJson design, Map<Rgb, Cmyk> cmykInks) {
        if (cmykInks.isEmpty()) {
            return design;
        }
        return rewrite(design, (field, value) -> Rgb.parseHex(value).map(cmykInks::get).map(Cmyk::wire)
                .orElse(value));
    }

    /** {@code design} with every text field replaced by {@code change(field path, value)}. */
    private static DesignJson rewrite(DesignJson design, BiFunction<String, String, String> change) {
        ObjectNode tree = JSON.valueToTree(design);
        rewrite(tree, PREFIX, change);
        try {
            return JSON.treeToValue(tree, DesignJson.class);
        } catch (IOException e) {
            throw ErrorMapper.translate(e);
        }
    }

    private static void rewrite(ObjectNode node, String prefix, BiFunction<String, String, String> change) {
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (field.getValue() instanceof ObjectNode object) {
                rewrite(object, prefix + field.getKey() + ".", change);
            } else if (field.getValue().isTextual()) {
                field.setValue(TextNode.valueOf(change.apply(prefix + field.getKey(), field.getValue().asText())));
            }
        }
    }
}
