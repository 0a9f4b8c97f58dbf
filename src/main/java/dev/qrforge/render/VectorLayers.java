package dev.qrforge.render;

import java.awt.geom.Path2D;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link Layers} as Java2D paths in their own units, for the vector writers (PDF, EPS): each layer one path, filled
 * with the nonzero rule, as the SVG writes it.
 */
final class VectorLayers {

    /** One layer's outline and its paint. */
    record Shape(Path2D outline, Layers.Fill fill) {
    }

    private VectorLayers() {
    }

    static List<Shape> of(List<Layers.Layer> layers) {
        List<Shape> shapes = new ArrayList<>();
        for (Layers.Layer layer : layers) {
            Path2D.Double outline = new Path2D.Double(Path2D.WIND_NON_ZERO);
            layer.trace(new RasterRenderer.Path2DSink(outline));
            shapes.add(new Shape(outline, layer.fill()));
        }
        return shapes;
    }
}
