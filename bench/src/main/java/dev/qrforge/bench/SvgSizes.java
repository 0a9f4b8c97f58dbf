package dev.qrforge.bench;

import com.google.zxing.WriterException;
import dev.qrforge.qr.CodeGenerator;
import dev.qrforge.qr.ImageFormat;
import dev.qrforge.render.Design;
import java.nio.charset.StandardCharsets;

/**
 * Prints, as JSON, the bytes of the square style's SVG against the plain merged-path SVG of the same code (one path of
 * dark runs, as {@link GenerationBenchmark}'s baselines write it), for bench/run-styles.sh.
 */
public final class SvgSizes {

    private SvgSizes() {
    }

    public static void main(String[] args) throws WriterException {
        GenerationBenchmark baselines = new GenerationBenchmark();
        String ours = CodeGenerator.generate(StyleBenchmark.spec(ImageFormat.SVG, Design.DEFAULT)).svg();
        System.out.println("{\"square\": " + bytes(ours) + ", \"zxingSvg\": " + bytes(baselines.zxingSvg())
                + ", \"zxingSvgMinimal\": " + bytes(baselines.zxingSvgMinimal()) + "}");
    }

    private static int bytes(String svg) {
        return svg.getBytes(StandardCharsets.UTF_8).length;
    }
}
