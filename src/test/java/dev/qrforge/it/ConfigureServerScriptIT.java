package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.qrforge.testing.Directories;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * wildfly/configure-server.cli is idempotent, and takes over a server's EE default data source only when asked. The
 * script runs as the build runs it: the provisioned server's own jboss-cli.sh with an embedded server (offline: no
 * network, no running server), here on a copy of target/server's configuration. A run changed nothing when it wrote
 * nothing: the server keeps a copy of its configuration for every write (standalone_xml_history/current, emptied at
 * each boot), even for a write of the value already there, which would leave standalone.xml as it was but make a
 * running server reload-required.
 */
@DatabaseIndependent
class ConfigureServerScriptIT {

    private static final Path SERVER_HOME = Paths.get(System.getProperty("jboss.home", "target/server"));
    private static final Path SCRIPT = Paths.get("wildfly/configure-server.cli");
    private static final String THEIR_DEFAULT = "java:jboss/datasources/TheirDefault";
    private static final long CLI_TIMEOUT_SECONDS = 120;

    /** The build applied the script to the provisioned server, asked; running it again, twice, writes nothing. */
    @Test
    void runningTheScriptAgainChangesNothing() throws Exception {
        Path base = copyOfServer("it-configure-again");
        byte[] provisioned = configuration(base);

        runScript(base, true);
        assertUnchanged(base, provisioned);
        runScript(base, true);
        assertUnchanged(base, provisioned);
    }

    /**
     * A server whose default data source is another application's keeps it unless the operator asks; asked, it ends
     * configured exactly as the provisioned server.
     */
    @Test
    void theDefaultDataSourceChangesOnlyWhenAsked() throws Exception {
        Path base = copyOfServer("it-configure-shared");
        byte[] provisioned = configuration(base);
        runCli(base, false, "/subsystem=ee/service=default-bindings:write-attribute(name=datasource, value="
                + THEIR_DEFAULT + ")");
        byte[] shared = configuration(base);
        assertThat(text(shared)).contains("datasource=\"" + THEIR_DEFAULT + "\"");

        runScript(base, false);
        assertUnchanged(base, shared);

        runScript(base, true);
        assertThat(configuration(base)).as("standalone.xml after a run asked to change the default")
                .isEqualTo(provisioned);
    }

    private static Path copyOfServer(String name) throws IOException {
        Path base = SERVER_HOME.toAbsolutePath().getParent().resolve(name);
        Directories.delete(base);
        Directories.copy(SERVER_HOME.resolve("standalone"), base);
        return base;
    }

    private static byte[] configuration(Path base) throws IOException {
        return Files.readAllBytes(base.resolve("configuration/standalone.xml"));
    }

    private static void assertUnchanged(Path base, byte[] before) throws IOException {
        try (Stream<Path> writes = Files.list(base.resolve("configuration/standalone_xml_history/current"))) {
            assertThat(writes).as("configurations written by the run").isEmpty();
        }
        assertThat(configuration(base)).as("standalone.xml").isEqualTo(before);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static void runScript(Path base, boolean defaultDatasource) throws IOException, InterruptedException {
        runCli(base, defaultDatasource, Files.readString(SCRIPT, StandardCharsets.UTF_8));
    }

    /** Runs the commands in an embedded server on {@code base}, with the script's switch set as given. */
    private static void runCli(Path base, boolean defaultDatasource, String commands)
            throws IOException, InterruptedException {
        Path file = base.resolve("commands.cli");
        Files.writeString(file, "embed-server --server-config=standalone.xml --std-out=discard\n" + commands
                + "\nstop-embedded-server\n", StandardCharsets.UTF_8);
        Path output = base.resolve("cli.log");
        Process cli = new ProcessBuilder(SERVER_HOME.resolve("bin/jboss-cli.sh").toString(),
                "-Djboss.server.base.dir=" + base.toAbsolutePath(), "-Dqrforge.default-datasource=" + defaultDatasource,
                "--file=" + file.toAbsolutePath())
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        if (!cli.waitFor(CLI_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            cli.destroyForcibly().waitFor();
            throw new IllegalStateException("jboss-cli.sh did not finish; see " + output);
        }
        assertThat(cli.exitValue()).as("jboss-cli.sh exit status; its output:\n%s",
                Files.readString(output, StandardCharsets.UTF_8)).isZero();
    }
}
