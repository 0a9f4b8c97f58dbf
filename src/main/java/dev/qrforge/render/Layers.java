package dev.qrforge.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a rendering paints, in order: the body, then the eyes' frames and balls, outlines that share a fill traced
 * together as one path. The SVG and the raster renderer both draw exactly these layers.
 */
final class Layers {

    /** A paint: a solid colour, or (with {@code solid} null) the design's gradient. */
    record Fill(Rgb solid) {

        static final Fill GRADIENT = new Fill(null);

        boolean gradient() {
            return solid == null;
        }
    }

    /** One path of one fill. */
    record Layer(Fill fill, List<Consumer<OutlineSink>> parts) {

        void trace(OutlineSink sink) {
            parts.forEach(part -> part.accept(sink));
        }
    }

    private Layers() {
    }

    static List<Layer> of(RenderSpec spec) {
        return of(spec, true);
    }

    /** The layers, leaving out the body where {@code withBody} is false, for a renderer that draws it otherwise. */
    static List<Layer> of(RenderSpec spec, boolean withBody) {
        Design design = spec.design();
        Fill body = bodyFill(design);
        Fill eyesLikeBody = design.gradient() != null && !design.gradient().onEyes() ? new Fill(design.foreground())
                : body;
        Map<Fill, List<Consumer<OutlineSink>>> layers = new LinkedHashMap<>();
        if (withBody) {
            add(layers, body, sink -> BodyOutline.trace(spec, sink));
        }
        int[][] origins = EyeOutline.origins(spec.matrix().modules());
        List<Eye> eyes = design.eyes().all();
        for (int i = 0; i < origins.length; i++) {
            Eye eye = eyes.get(i);
            int x = origins[i][0];
            int y = origins[i][1];
            add(layers, eye.frameColor() == null ? eyesLikeBody : new Fill(eye.frameColor()),
                    sink -> EyeOutline.frame(eye.frameStyle(), x, y, sink));
            add(layers, eye.ballColor() == null ? eyesLikeBody : new Fill(eye.ballColor()),
                    sink -> EyeOutline.ball(eye.ballStyle(), x, y, sink));
        }
        List<Layer> result = new ArrayList<>();
        layers.forEach((fill, parts) -> result.add(new Layer(fill, parts)));
        return result;
    }

    /** The body's paint: the gradient, or the foreground colour. */
    static Fill bodyFill(Design design) {
        return design.gradient() != null ? Fill.GRADIENT : new Fill(design.foreground());
    }

    private static void add(Map<Fill, List<Consumer<OutlineSink>>> layers, Fill fill, Consumer<OutlineSink> part) {
        layers.computeIfAbsent(fill, f -> new ArrayList<>()).add(part);
    }
}
