package dev.qrforge.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a rendering paints, in order: the frame's shapes and then its caption ({@link #frame}), in the units of the
 * frame's layout (an image's pixels, a print page's), and the code ({@link #of}): the body, then the eyes' frames and
 * balls, in module units, outlines that share a fill traced together as one path. The caption is a path of its own
 * (glyphs traced into a filled banner of the same colour would cut holes in it), and the frame never shares a path
 * with the code, even in the same colour: each is placed by a transformation of its own, so the code is drawn exactly
 * as it is without a frame, shifted by the frame's whole pixels, and no rounding of the frame's numbers (an SVG's
 * relative path data accumulates it) reaches the code. The SVG, raster and print renderers all draw exactly these
 * layers, over the background of the whole image ({@link RenderSpec#imageWidth()} × {@link RenderSpec#imageHeight()}).
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

    /** The code's layers, in module units, the symbol's top-left corner at the origin. */
    static List<Layer> of(RenderSpec spec) {
        return of(spec, true);
    }

    /**
     * The code's layers, the body left out where {@code withBody} is false, for a renderer that draws it otherwise.
     */
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

    /**
     * The frame's shapes and its caption, each a layer in a solid colour, as {@code layout} places them and in its
     * units; none without a frame.
     */
    static List<Layer> frame(RenderSpec spec, FrameLayout layout) {
        Design design = spec.design();
        Frame frame = design.frame();
        if (!frame.present()) {
            return List.of();
        }
        Layer shapes = new Layer(new Fill(frame.paint(design)), List.of(layout::trace));
        if (frame.text().isEmpty()) {
            return List.of(shapes);
        }
        FrameLayout.Box box = layout.caption();
        return List.of(shapes, new Layer(new Fill(frame.textPaint(design)), List.of(sink -> FrameText.trace(
                frame.text(), box.x(), box.y(), box.width(), box.height(), sink))));
    }

    /** The body's paint: the gradient, or the foreground colour. */
    static Fill bodyFill(Design design) {
        return design.gradient() != null ? Fill.GRADIENT : new Fill(design.foreground());
    }

    private static void add(Map<Fill, List<Consumer<OutlineSink>>> layers, Fill fill, Consumer<OutlineSink> part) {
        layers.computeIfAbsent(fill, f -> new ArrayList<>()).add(part);
    }
}
