package dev.qrforge.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/** A plain HTTP client for the deployed service, as any outside caller would use it. */
public final class Api {

    public static final String BASE_URL = System.getProperty("qrforge.it.base-url", "http://127.0.0.1:8280");
    public static final String KEY = System.getProperty("it.api.key");
    /** A key of another workspace than {@link #KEY}'s. */
    public static final String OTHER_KEY = System.getProperty("it.other.api.key");
    /** The key of a third workspace, whose scans the lifecycle tests may erase without touching other tests'. */
    public static final String LIFECYCLE_KEY = System.getProperty("it.lifecycle.api.key");
    static final ObjectMapper JSON = new ObjectMapper();
    private static final long POLL_INTERVAL_MILLIS = 50;

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    private Api() {
    }

    /** A response with its body read both as bytes and, when it is JSON, as a tree. */
    public record Reply(int status, HttpResponse<byte[]> raw) {
        public JsonNode json() {
            try {
                return JSON.readTree(raw.body());
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + text(), e);
            }
        }

        public String text() {
            return new String(raw.body(), StandardCharsets.UTF_8);
        }

        public byte[] bytes() {
            return raw.body();
        }

        public Optional<String> header(String name) {
            return raw.headers().firstValue(name);
        }

        @Override
        public String toString() {
            return status + " " + text();
        }
    }

    public static HttpRequest.Builder request(String path) {
        return requestAs(KEY, path);
    }

    public static HttpRequest.Builder requestAs(String key, String path) {
        return requestTo(BASE_URL, key, path);
    }

    /** A request to a server of the test's own rather than the suite's. */
    public static HttpRequest.Builder requestTo(String baseUrl, String key, String path) {
        return HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + key);
    }

    public static Reply send(HttpRequest.Builder request) {
        try {
            HttpResponse<byte[]> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Reply(response.statusCode(), response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Waits between two polls of a status. Polls are reads like any other, and count against the credential's rate
     * limit: twenty a second stays well inside the tests' budget.
     */
    public static void pauseBeforePolling() {
        try {
            Thread.sleep(POLL_INTERVAL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Calls {@code call} until it answers {@code status}, pausing between polls, and returns that answer and when it
     * came; fails if {@code deadline} passes first.
     */
    public static Timed awaitStatus(Supplier<Reply> call, int status, Instant deadline) {
        while (true) {
            Reply reply = call.get();
            Instant at = Instant.now();
            if (reply.status() == status) {
                return new Timed(reply, at);
            }
            if (at.isAfter(deadline)) {
                throw new AssertionError("no " + status + " before " + deadline + "; last answer " + reply);
            }
            pauseBeforePolling();
        }
    }

    /** An answer and when it arrived. */
    public record Timed(Reply reply, Instant at) {
    }

    /** A scan's status and {@code Location}, if any. */
    public record HostScan(int status, String location) {
    }

    /**
     * {@code GET path} from the server at {@code baseUrl}, naming {@code host} in {@code Host} (custom domains): over a
     * plain socket, as the JDK's client will not set {@code Host}.
     */
    public static HostScan scanNaming(String baseUrl, String host, String path) {
        URI base = URI.create(baseUrl);
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout((int) Duration.ofSeconds(30).toMillis());
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + ":" + base.getPort()
                    + "\r\nUser-Agent: Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)\r\nConnection: close"
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            String[] lines = response.substring(0, response.indexOf("\r\n\r\n")).split("\r\n");
            String location = null;
            for (String line : lines) {
                if (line.toLowerCase(Locale.ROOT).startsWith("location:")) {
                    location = line.substring("location:".length()).strip();
                }
            }
            return new HostScan(Integer.parseInt(lines[0].split(" ")[1]), location);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Reply get(String path) {
        return send(request(path).GET());
    }

    public static Reply post(String path, String json) {
        return send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    public static Reply getAs(String credential, String path) {
        return send(requestAs(credential, path).GET());
    }

    public static Reply postAs(String credential, String path, String json) {
        return send(requestAs(credential, path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    public static Reply patchAs(String credential, String path, String json) {
        return send(requestAs(credential, path).header("Content-Type", "application/merge-patch+json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json)));
    }

    public static Reply deleteAs(String credential, String path) {
        return send(requestAs(credential, path).DELETE());
    }

    public static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
