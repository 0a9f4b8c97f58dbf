package dev.qrforge.it;

import dev.qrforge.testing.Directories;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A PostgreSQL server of a test's own, made with the machine's PostgreSQL programs ({@code initdb}, {@code pg_ctl})
 * in a directory under target/, on a free loopback port, so that the test can stop and start it at will. Tests that
 * need one are skipped, saying why, on machines without PostgreSQL's server programs, unless
 * {@code -Dit.require-postgres-server=true} (as .ci/run sets) turns that into a failure.
 */
final class ScratchPostgres implements AutoCloseable {

    static final String USER = "qrforge";
    private static final String DATABASE = "postgres";
    private static final Path DEBIAN_INSTALLS = Paths.get("/usr/lib/postgresql");
    /** initdb refuses to run as root; the package's own account owns the cluster then. */
    private static final String ROOT_RUNS_AS = "postgres";

    private final Path bin;
    private final Path dataDir;
    private final Path log;
    private final int port;
    private final boolean asPostgresUser;

    private ScratchPostgres(Path bin, Path dir, int port, boolean asPostgresUser) {
        this.bin = bin;
        // Absolute: the server resolves relative paths against its data directory, not this process's.
        this.dataDir = dir.toAbsolutePath().resolve("data");
        this.log = dir.toAbsolutePath().resolve("postgres.log");
        this.port = port;
        this.asPostgresUser = asPostgresUser;
    }

    /** Creates a cluster in {@code dir} (emptied first) and starts it; skips the test if the machine cannot. */
    static ScratchPostgres start(Path dir) throws IOException, InterruptedException {
        Optional<Path> bin = binaries();
        String missing = "PostgreSQL's server programs (initdb, pg_ctl) are not on this machine; install them"
                + " (Debian: apt-get install postgresql) to run this test";
        if (Boolean.getBoolean("it.require-postgres-server")) {
            if (bin.isEmpty()) {
                throw new IllegalStateException(missing);
            }
        } else {
            Assumptions.assumeTrue(bin.isPresent(), missing);
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        Directories.delete(dir);
        Files.createDirectories(dir);
        if (root) {
            UserPrincipal owner = dir.getFileSystem().getUserPrincipalLookupService()
                    .lookupPrincipalByName(ROOT_RUNS_AS);
            Files.setOwner(dir, owner);
        }
        ScratchPostgres postgres = new ScratchPostgres(bin.get(), dir, freePort(), root);
        postgres.run("initdb", "-D", postgres.dataDir.toString(), "-U", USER, "--auth=trust", "--no-sync", "-E",
                "UTF8");
        postgres.start();
        return postgres;
    }

    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE;
    }

    /**
     * The environment of a server of a test's own on this database: the dedicated servers' base
     * ({@link ProvisionedServer#baseEnvironment}), this database, and a 512 MB heap; the test adds its own settings.
     */
    Map<String, String> serverEnvironment(String apiKey) {
        Map<String, String> env = ProvisionedServer.baseEnvironment(apiKey);
        env.put("QRFORGE_DB", "postgresql");
        env.put("QRFORGE_DB_URL", jdbcUrl());
        env.put("QRFORGE_DB_USER", USER);
        env.put("QRFORGE_DB_PASSWORD", "trusted");
        env.put("JBOSS_JAVA_SIZING", "-Xms512m -Xmx512m");
        return env;
    }

    /** Starts the server again on the same port and data, as after an outage. */
    void start() throws IOException, InterruptedException {
        run("pg_ctl", "-D", dataDir.toString(), "-l", log.toString(), "-w", "-o",
                "-p " + port + " -k " + dataDir + " -c listen_addresses=127.0.0.1 -c fsync=off", "start");
    }

    /** Stops the server at once, disconnecting every client, as a crashed or unplugged database would be. */
    void stop() throws IOException, InterruptedException {
        run("pg_ctl", "-D", dataDir.toString(), "-m", "immediate", "-w", "stop");
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (Files.exists(dataDir.resolve("postmaster.pid"))) {
            run("pg_ctl", "-D", dataDir.toString(), "-m", "fast", "-w", "stop");
        }
    }

    private void run(String program, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (asPostgresUser) {
            command.addAll(List.of("runuser", "-u", ROOT_RUNS_AS, "--"));
        }
        command.add(bin.resolve(program).toString());
        command.addAll(Arrays.asList(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
        }
    }

    /** The newest Debian installation's programs, or those on the PATH. */
    private static Optional<Path> binaries() throws IOException {
        if (Files.isDirectory(DEBIAN_INSTALLS)) {
            try (Stream<Path> versions = Files.list(DEBIAN_INSTALLS)) {
                Optional<Path> newest = versions.map(version -> version.resolve("bin"))
                        .filter(bin -> Files.isExecutable(bin.resolve("initdb")))
                        .max(Comparator.comparing(bin -> versionNumber(bin.getParent())));
                if (newest.isPresent()) {
                    return newest;
                }
            }
        }
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .map(Paths::get).filter(dir -> Files.isExecutable(dir.resolve("initdb"))
                        && Files.isExecutable(dir.resolve("pg_ctl")))
                .findFirst();
    }

    private static int versionNumber(Path install) {
        try {
            return Integer.parseInt(install.getFileName().toString());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

}
