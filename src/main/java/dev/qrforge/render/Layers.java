package dev.qrforge.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a rendering paints, in order: the frame, the body, then the eyes' frames and balls, outlines that share a fill
 * traced together as one path, and last the frame's caption, a path of its own (glyphs traced into a filled banner of
 * the same colour would cut holes in it). Everything is in module units, the frame's pixels converted, so a renderer
 * that draws these layers over the background of the whole image ({@link RenderSpec#imageWidth()} ×
 * {@link RenderSpec#imageHeight()}) draws the frame without knowing of it. The SVG and the raster renderer both draw
 * exactly these layers.
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
        Frame frame = design.frame();
        FrameLayout layout = spec.frameLayout();
        if (frame.present()) {
            add(layers, new Fill(frame.paint(design)), sink -> layout.trace(new InPixels(spec, sink)));
        }
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
        if (frame.present() && !frame.text().isEmpty()) {
            FrameLayout.Box box = layout.caption();
            result.add(new Layer(new Fill(frame.textPaint(design)), List.of(sink -> FrameText.trace(frame.text(),
                    box.x(), box.y(), box.width(), box.height(), new InPixels(spec, sink)))));
        }
        return result;
    }

    /** The body's paint: the gradient, or the foreground colour. */
    static Fill bodyFill(Design design) {
        return design.gradient() != null ? Fill.GRADIENT : new Fill(design.foreground());
    }

    /** Takes outlines in pixels of the image and hands them on in module units. */
    private static final class InPixels implements OutlineSink {

        private final OutlineSink modules;
        private final double originX;
        private final double originY;
        private final double moduleSize;

        InPixels(RenderSpec spec, OutlineSink modules) {
            this.modules = modules;
            this.originX = spec.symbolX();
            this.originY = spec.symbolY();
            this.moduleSize = spec.moduleSize();
        }

        private double x(double pixels) {
            return (pixels - originX) / moduleSize;
        }

        private double y(double pixels) {
            return (pixels - originY) / moduleSize;
        }

        @Override
        public void moveTo(double x, double y) {
            modules.moveTo(x(x), y(y));
        }

        @Override
        public void lineTo(double x, double y) {
            modules.lineTo(x(x), y(y));
        }

        @Override
        public void roundTo(double cornerX, double cornerY, double x, double y) {
            modules.roundTo(x(cornerX), y(cornerY), x(x), y(y));
        }

        @Override
        public void curveTo(double x1, double y1, double x2, double y2, double x, double y) {
            modules.curveTo(x(x1), y(y1), x(x2), y(y2), x(x), y(y));
        }

        @Override
        public void close() {
            modules.close();
        }
    }

    private static void add(Map<Fill, List<Consumer<OutlineSink>>> layers, Fill fill, Consumer<OutlineSink> part) {
        layers.computeIfAbsent(fill, f -> new ArrayList<>()).add(part);
    }
}
