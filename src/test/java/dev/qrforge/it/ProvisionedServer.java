package dev.qrforge.it;

import com.fasterxml.jackson.databind.JsonNode;
import dev.qrforge.testing.Directories;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Another instance of the server {@code mvn package} provisioned (target/server), started by a test itself because
 * it needs settings of its own that the suite's server must not have: a small heap, a database it controls. It runs
 * on a copy of the server's base directory (so its own H2 files, logs and deployment) and its own port offset, with
 * the environment of the test run plus the given variables, exactly as {@code standalone.sh} would be started by hand.
 */
final class ProvisionedServer implements AutoCloseable {

    private static final Path SERVER_HOME = Paths.get(System.getProperty("jboss.home", "target/server"));
    private static final Duration BOOT_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    /** standalone.conf's heap, for servers whose environment sets none. */
    private static final String DEFAULT_SIZING = "-Xms64m -Xmx512m";
    /**
     * C1 only: a test server lives minutes, in which C2's compilations cost more CPU than they pay back (a start
     * and 200 renders took 55 s of CPU with C2, 34 s without), and the suite's servers share two cores.
     */
    static final String TEST_JIT = "-XX:TieredStopAtLevel=1";
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String name;
    private final Path baseDir;
    private final Path log;
    private final int portOffset;
    private final String address;
    private final Map<String, String> environment;
    private Process process;
    private boolean copied;

    /**
     * @param name        names the base directory (target/&lt;name&gt;) and the log
     * @param portOffset  added to 8080 (HTTP) and 9990 (management)
     * @param environment variables set on top of the test run's own, e.g. {@code JBOSS_JAVA_SIZING}, {@code QRFORGE_DB}
     */
    ProvisionedServer(String name, int portOffset, Map<String, String> environment) {
        this(name, portOffset, "127.0.0.1", environment);
    }

    /**
     * A server listening on another loopback address (public, management and private interfaces alike), so that two
     * servers can share a port offset: cluster members found through DNS A records all use one JGroups port.
     */
    ProvisionedServer(String name, int portOffset, String address, Map<String, String> environment) {
        this.name = name;
        this.address = address;
        this.baseDir = SERVER_HOME.toAbsolutePath().getParent().resolve(name);
        this.log = baseDir.resolve("console.log");
        this.portOffset = portOffset;
        this.environment = Map.copyOf(environment);
    }

    String baseUrl() {
        return "http://" + address + ":" + (8080 + portOffset);
    }

    String managementUrl() {
        return "http://" + address + ":" + (9990 + portOffset);
    }

    /**
     * Starts the server and waits until the API answers. The first start is on a fresh copy of the provisioned base
     * directory; later ones keep what the server stored.
     */
    void start(String apiKey) throws IOException, InterruptedException {
        launch();
        awaitApi(apiKey);
    }

    /** Waits until the API of a server {@link #launch() launched} before answers. */
    void awaitApi(String apiKey) throws InterruptedException {
        Instant deadline = Instant.now().plus(BOOT_TIMEOUT);
        while (true) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited while starting; see " + log + ":\n" + tail());
            }
            if (answers(apiKey)) {
                return;
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("the server did not answer within " + BOOT_TIMEOUT + "; see " + log);
            }
            Thread.sleep(500);
        }
    }

    /** Starts the server without waiting for it, for a test that watches its log instead. */
    void launch() throws IOException {
        if (!copied) {
            Directories.delete(baseDir);
            Directories.copy(SERVER_HOME.resolve("standalone"), baseDir);
            copied = true;
        }
        // A node name of its own: sharing the suite's database, it is another node, which may take over only bulk
        // jobs whose node let their lease pass (bulk.BulkLeases), never take a live node's for its own.
        ProcessBuilder builder = new ProcessBuilder(SERVER_HOME.resolve("bin/standalone.sh").toString(),
                "-Djboss.server.base.dir=" + baseDir, "-Djboss.socket.binding.port-offset=" + portOffset,
                "-Djboss.node.name=" + name, "-b", address, "-bmanagement", address, "-bprivate", address)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(environment);
        builder.environment().put("JBOSS_JAVA_SIZING",
                environment.getOrDefault("JBOSS_JAVA_SIZING", DEFAULT_SIZING) + " " + TEST_JIT);
        // In the background standalone.sh forwards TERM to the server, so destroy() stops it gracefully.
        builder.environment().put("LAUNCH_JBOSS_IN_BACKGROUND", "1");
        process = builder.start();
    }

    /** Stops the server gracefully, as an operator would, and waits for it to end. */
    void stop() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    /**
     * Kills the server as a crash or an OOM killer would (SIGKILL): no flush, no shutdown hook, no goodbye to the
     * cluster. The launcher script goes too, so nothing restarts it.
     */
    void kill() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor();
        }
    }

    /**
     * The scan buffer's health data: what it holds and has lost (its check stays up while readiness as a whole may be
     * down, during a database outage).
     */
    JsonNode scanBuffer() {
        Api.Reply health = Api.send(HttpRequest.newBuilder(URI.create(managementUrl() + "/health/ready")).GET());
        for (JsonNode check : health.json().path("checks")) {
            if (check.path("name").asText().equals("scan-buffer")) {
                if (!check.path("status").asText().equals("UP")) {
                    throw new AssertionError("the scan-buffer check is not up: " + health);
                }
                return check.path("data");
            }
        }
        throw new AssertionError("no scan-buffer check in " + health);
    }

    /** Whether every scan this server counted is written: nothing buffered, no count unwritten. */
    boolean scansAllWritten() {
        JsonNode buffer = scanBuffer();
        return buffer.path("bufferedScans").asLong() == 0 && buffer.path("unwrittenCounts").asLong() == 0;
    }

    /** Everything the server has logged to its console so far. */
    String console() {
        try {
            return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }

    private boolean answers(String apiKey) throws InterruptedException {
        try {
            HttpResponse<Void> response = CLIENT.send(HttpRequest.newBuilder(URI.create(baseUrl() + "/api/v1/qr?limit=1"))
                    .header("Authorization", "Bearer " + apiKey).timeout(Duration.ofSeconds(5)).GET().build(),
                    HttpResponse.BodyHandlers.discarding());
            return response.statusCode() == 200;
        } catch (IOException notYet) {
            return false;
        }
    }

    private String tail() {
        List<String> lines = console().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    /** The variables every dedicated server of the tests gets: the suite's bootstrap key, and no rate limits. */
    static Map<String, String> baseEnvironment(String apiKey) {
        Map<String, String> env = new HashMap<>();
        env.put("QRFORGE_BOOTSTRAP_API_KEY", apiKey);
        env.put("QRFORGE_RATE_LIMIT_GENERATION_PER_MINUTE", "1000000000");
        env.put("QRFORGE_RATE_LIMIT_READS_PER_MINUTE", "1000000000");
        return env;
    }
}
