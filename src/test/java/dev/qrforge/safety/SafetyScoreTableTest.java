package dev.qrforge.safety;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/api.md's table of deductions is what users read to understand a score: every row must name the constants it
 * quotes with their values, and every penalty the assessor has must be in it.
 */
class SafetyScoreTableTest {

    private static final Pattern ROW = Pattern.compile("^\\| (.+) \\| ([\\d /]+) \\| (.+) \\|$");
    private static final Pattern CONSTANT = Pattern.compile("`([A-Z_0-9]+(?:\\[\\d+])?)`");
    private static final Pattern ELEMENT = Pattern.compile("([A-Z_0-9]+)\\[(\\d+)]");

    @Test
    void theApiGuideStatesTheDeductionsTheCodeUses() throws IOException, IllegalAccessException {
        String guide = Files.readString(Path.of("docs", "api.md"));
        String section = guide.substring(guide.indexOf("## Scan safety"));
        List<String> problems = new ArrayList<>();
        Set<String> documented = new TreeSet<>();
        int rows = 0;
        for (String line : section.split("\n")) {
            Matcher row = ROW.matcher(line);
            if (!row.matches()) {
                continue;
            }
            rows++;
            List<Integer> deductions = Arrays.stream(row.group(2).split("/")).map(String::trim)
                    .map(Integer::valueOf).toList();
            List<String> constants = new ArrayList<>();
            Matcher constant = CONSTANT.matcher(row.group(3));
            while (constant.find()) {
                constants.add(constant.group(1));
            }
            if (constants.isEmpty()) {
                if (deductions.stream().anyMatch(d -> d != 0)) {
                    problems.add(row.group(1) + ": deducts points but names no constant");
                }
                continue;
            }
            if (constants.size() != deductions.size()) {
                problems.add(row.group(1) + ": " + deductions.size() + " deductions for " + constants.size()
                        + " constants");
                continue;
            }
            for (int i = 0; i < constants.size(); i++) {
                int actual = penalty(constants.get(i));
                documented.add(constants.get(i));
                if (actual != deductions.get(i)) {
                    problems.add(row.group(1) + ": documents " + deductions.get(i) + " for " + constants.get(i)
                            + ", the code uses " + actual);
                }
            }
        }
        assertThat(rows).as("rows of the table in docs/api.md, Scan safety").isGreaterThan(10);
        Set<String> penalties = new TreeSet<>();
        for (Field field : SafetyAssessor.class.getDeclaredFields()) {
            if (!field.getName().endsWith("_POINTS") || !Modifier.isStatic(field.getModifiers())) {
                continue;
            }
            if (field.getType() == int[].class) {
                for (int i = 0; i < ((int[]) field.get(null)).length; i++) {
                    penalties.add(field.getName() + "[" + i + "]");
                }
            } else {
                penalties.add(field.getName());
            }
        }
        penalties.removeAll(documented);
        assertThat(penalties).as("penalties missing from docs/api.md").isEmpty();
        assertThat(problems).isEmpty();
        assertThat(section.replaceAll("\\s+", " ")).contains("80–100 `OPTIMAL`, 50–79 `ACCEPTABLE`, below 50 `RISKY`");
        assertThat(SafetyAssessor.OPTIMAL_MIN_SCORE).isEqualTo(80);
        assertThat(SafetyAssessor.ACCEPTABLE_MIN_SCORE).isEqualTo(50);
    }

    /** The value of a constant, or of one element of an array constant ({@code NAME[i]}). */
    private static int penalty(String name) throws IllegalAccessException {
        Matcher element = ELEMENT.matcher(name);
        try {
            if (element.matches()) {
                return ((int[]) SafetyAssessor.class.getDeclaredField(element.group(1)).get(null))
                        [Integer.parseInt(element.group(2))];
            }
            return SafetyAssessor.class.getDeclaredField(name).getInt(null);
        } catch (NoSuchFieldException e) {
            throw new AssertionError("docs/api.md names " + name + ", which SafetyAssessor does not have", e);
        }
    }
}
