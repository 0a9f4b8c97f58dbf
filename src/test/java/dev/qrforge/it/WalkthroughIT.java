package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's walk-through, {@code docs/examples/first-ten-minutes.sh}, run as a reader would run it, against the
 * suite's server, so that it keeps working as the API changes. It needs bash, curl and jq; where one is missing it
 * is skipped, saying why, unless {@code -Dit.require-jq=true} (as .ci/run sets, after installing jq) makes that a
 * failure.
 */
@DatabaseIndependent
class WalkthroughIT extends ServerTest {

    private static final Path SCRIPT = Path.of("docs", "examples", "first-ten-minutes.sh");
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    /** The script polls for analytics and a bulk job; this bounds a hung server, not a slow one. */
    private static final long TIMEOUT_SECONDS = 300;

    @TempDir
    Path out;

    @Test
    void theWalkthroughRunsAndWritesItsFiles() throws IOException, InterruptedException {
        for (String tool : List.of("bash", "curl", "jq")) {
            requireTool(tool);
        }
        Path log = out.resolve("walkthrough.log");
        Path files = out.resolve("files");
        ProcessBuilder builder = new ProcessBuilder("bash", SCRIPT.toString())
                .directory(Path.of("").toAbsolutePath().toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("QRFORGE_URL", Api.BASE_URL);
        builder.environment().put("QRFORGE_KEY", Api.KEY);
        builder.environment().put("OUT", files.toString());
        Process process = builder.start();
        boolean finished = process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!finished) {
            process.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        System.out.println("WalkthroughIT: the script's output:\n" + output);
        assertThat(finished).as("finished within %d s:%n%s", TIMEOUT_SECONDS, output).isTrue();
        assertThat(process.exitValue()).as("exit code; output:%n%s", output).isZero();

        for (String png : List.of("code.png", "styled.png", "wifi.png", "dynamic.png", "poster.png")) {
            assertThat(Arrays.copyOf(Files.readAllBytes(files.resolve(png)), PNG_SIGNATURE.length))
                    .as("%s starts with the PNG signature", png).isEqualTo(PNG_SIGNATURE);
        }
        byte[] pdf = Files.readAllBytes(files.resolve("code.pdf"));
        assertThat(new String(pdf, 0, Math.min(5, pdf.length), StandardCharsets.ISO_8859_1)).isEqualTo("%PDF-");
        assertThat(zipEntries(files.resolve("codes.zip")))
                .containsExactlyInAnyOrder("table-1.png", "table-2.png", "table-3.png", "manifest.csv");
        assertThat(output).contains("scan after the change: 302 -> https://example.com/winter-menu")
                .contains("status: COMPLETED");
    }

    /** Skips, saying why, when the machine lacks a tool the script needs; fails instead with it.require-jq. */
    private static void requireTool(String name) throws IOException, InterruptedException {
        Process which = new ProcessBuilder("bash", "-c", "command -v " + name).redirectErrorStream(true).start();
        boolean found = which.waitFor(10, TimeUnit.SECONDS) && which.exitValue() == 0;
        if (!found) {
            String why = name + " is not installed (Debian package " + name + ")";
            assertThat(Boolean.getBoolean("it.require-jq")).as(why + ", and -Dit.require-jq=true").isFalse();
            Assumptions.abort("walk-through skipped: " + why);
        }
    }

    private static List<String> zipEntries(Path zip) throws IOException {
        List<String> names = new ArrayList<>();
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                if (in.readAllBytes().length > 0) {
                    names.add(entry.getName());
                }
            }
        }
        return names;
    }
}
