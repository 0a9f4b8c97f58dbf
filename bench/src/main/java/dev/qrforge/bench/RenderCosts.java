package dev.qrforge.bench;

import dev.qrforge.admission.MemoryBudget;
import dev.qrforge.qr.CodeGenerator;
import dev.qrforge.qr.CodeSpec;
import dev.qrforge.render.Design;

/**
 * Prints, as JSON, the reservation admission control takes for the cases of {@link RenderMemoryBenchmark} (the
 * cost model), and how many such renders the default budget of a 512 MB heap admits at once.
 */
public final class RenderCosts {

    private static final long HEAP_512_MB = 512L * 1024 * 1024;
    private static final String DEFAULT_BUDGET = "25%";

    private RenderCosts() {
    }

    public static void main(String[] args) {
        long budget = MemoryBudget.parse(DEFAULT_BUDGET, HEAP_512_MB);
        StringBuilder json = new StringBuilder("{\"budgetBytes\": " + budget + ", \"cases\": {");
        String separator = "";
        for (int size : new int[] {1000, 5000}) {
            for (String name : new String[] {"pngSquare", "pngRadialGradient"}) {
                Design design = name.equals("pngSquare") ? Design.DEFAULT : RenderMemoryBenchmark.RADIAL_GRADIENT;
                CodeSpec spec = RenderMemoryBenchmark.spec(size, design);
                long cost = CodeGenerator.memoryCost(spec, CodeGenerator.encode(spec));
                json.append(separator).append("\"").append(name).append(":").append(size).append("\": ")
                        .append(cost);
                separator = ", ";
            }
        }
        System.out.println(json.append("}}"));
    }
}
