package dev.qrforge.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.qrforge.testing.UserAgents;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Webhooks end to end, with a receiver of the test's own on loopback (which the tests' server allows, and where it
 * retries fast: see arquillian.xml): the API, signed deliveries of real scans and bulk jobs, and exactly one
 * accepted delivery per event across a restart in the middle of the retries.
 */
class WebhooksIT extends ServerTest {

    private static final String WEBHOOKS = "/api/v1/webhooks";
    private static final List<String> ALL_EVENTS = List.of("scan.created", "bulk.completed", "bulk.failed",
            "code.deleted");

    /** One request the receiver got, and the status it answered. */
    record Received(String path, String id, String timestamp, String signature, String body, int answered) {
        JsonNode json() {
            try {
                return Api.JSON.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static final List<Received> RECEIVED = new CopyOnWriteArrayList<>();
    /** The status each path answers; 200 when absent. */
    private static final Map<String, Integer> ANSWERS = new ConcurrentHashMap<>();

    /**
     * The webhooks' receiver, started when first used, by this class or by {@link RestartIT}, and stopped with the
     * test JVM (Failsafe ends it with System.exit).
     */
    private static final class Receiver {

        static final HttpServer SERVER = start();

        private static HttpServer start() {
            try {
                HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
                server.createContext("/", WebhooksIT::receive);
                server.start();
                return server;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private final List<String> created = new ArrayList<>();

    private static void receive(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        int answer = ANSWERS.getOrDefault(path, 200);
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        RECEIVED.add(new Received(path, exchange.getRequestHeaders().getFirst("Qrforge-Webhook-Id"),
                exchange.getRequestHeaders().getFirst("Qrforge-Webhook-Timestamp"),
                exchange.getRequestHeaders().getFirst("Qrforge-Webhook-Signature"), body, answer));
        exchange.sendResponseHeaders(answer, -1);
        exchange.close();
    }

    private static String url(String path) {
        return "http://127.0.0.1:" + Receiver.SERVER.getAddress().getPort() + path;
    }

    private static List<Received> receivedAt(String path) {
        return RECEIVED.stream().filter(received -> received.path().equals(path)).toList();
    }

    @AfterEach
    void deleteWebhooks() {
        created.forEach(id -> Api.deleteAs(Api.KEY, WEBHOOKS + "/" + id));
    }

    private JsonNode create(Map<String, Object> body) {
        JsonNode webhook = subscribe(body);
        created.add(webhook.path("id").asText());
        return webhook;
    }

    private static JsonNode subscribe(Map<String, Object> body) {
        Api.Reply reply = Api.post(WEBHOOKS, Api.json(body));
        assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
        return reply.json();
    }

    private static void await(String what, BooleanSupplier condition) {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
        while (!condition.getAsBoolean()) {
            assertThat(Instant.now()).as(what).isBefore(deadline);
            Api.pauseBeforePolling();
        }
    }

    private static void assertSigned(Received received, String secret) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String expected = "v1=" + HexFormat.of().formatHex(
                mac.doFinal((received.timestamp() + "." + received.body()).getBytes(StandardCharsets.UTF_8)));
        assertThat(received.signature()).as("signature of " + received.id()).isEqualTo(expected);
        assertThat(received.json().path("id").asText()).as("the envelope's id is the header's")
                .isEqualTo(received.id());
    }

    private static JsonNode deliveries(String webhookId) {
        Api.Reply reply = Api.get(WEBHOOKS + "/" + webhookId + "/deliveries");
        assertThat(reply.status()).as(reply.toString()).isEqualTo(200);
        return reply.json().path("items");
    }

    private static List<JsonNode> scansOf(Received received, String codeId) {
        return StreamSupport.stream(received.json().path("data").path("scans").spliterator(), false)
                .filter(scan -> scan.path("codeId").asText().equals(codeId)).toList();
    }

    @Test
    void webhooksAreCreatedListedReadAndDeletedWithTheirSecretShownOnce() {
        JsonNode webhook = create(Map.of("url", url("/crud"), "events", List.of("code.deleted", "bulk.failed"),
                "description", "ops channel"));
        String id = webhook.path("id").asText();
        assertThat(webhook.path("secret").asText()).matches("whsec_[0-9A-Za-z]{32}");
        assertThat(webhook.path("events")).extracting(JsonNode::asText).containsExactly("code.deleted", "bulk.failed");
        assertThat(webhook.path("description").asText()).isEqualTo("ops channel");

        Api.Reply read = Api.get(WEBHOOKS + "/" + id);
        assertThat(read.status()).as(read.toString()).isEqualTo(200);
        assertThat(read.json().path("url").asText()).isEqualTo(url("/crud"));
        assertThat(read.json().has("secret")).as("the secret is shown once").isFalse();

        JsonNode everything = create(Map.of("url", url("/crud-all")));
        assertThat(everything.path("events")).extracting(JsonNode::asText).containsExactlyElementsOf(ALL_EVENTS);

        Api.Reply list = Api.get(WEBHOOKS + "?limit=200");
        assertThat(list.status()).as(list.toString()).isEqualTo(200);
        assertThat(list.json().path("items")).extracting(item -> item.path("id").asText())
                .contains(id, everything.path("id").asText());
        assertThat(list.json().path("items")).allSatisfy(item -> assertThat(item.has("secret")).isFalse());

        assertThat(Api.getAs(Api.OTHER_KEY, WEBHOOKS + "/" + id).status()).isEqualTo(404);
        assertThat(Api.deleteAs(Api.OTHER_KEY, WEBHOOKS + "/" + id).status()).isEqualTo(404);
        assertThat(Api.getAs(Api.OTHER_KEY, WEBHOOKS + "/" + id + "/deliveries").status()).isEqualTo(404);
        assertThat(Api.getAs(Api.OTHER_KEY, WEBHOOKS + "?limit=200").json().path("items"))
                .extracting(item -> item.path("id").asText()).doesNotContain(id);

        assertThat(Api.deleteAs(Api.KEY, WEBHOOKS + "/" + id).status()).isEqualTo(204);
        assertThat(Api.get(WEBHOOKS + "/" + id).status()).isEqualTo(404);
        assertThat(Api.deleteAs(Api.KEY, WEBHOOKS + "/" + id).status()).isEqualTo(404);
    }

    @Test
    void aWebhookIsChangedByMergePatchAndItsRotatedSecretSignsWhatFollows() throws GeneralSecurityException {
        String path = "/rotated-" + UUID.randomUUID();
        JsonNode webhook = create(Map.of("url", url("/before-patch"), "events", List.of("bulk.failed"),
                "description", "ops"));
        String id = webhook.path("id").asText();
        Api.Reply patched = Api.patchAs(Api.KEY, WEBHOOKS + "/" + id, Api.json(Map.of("url", url(path),
                "events", List.of("code.deleted"))));
        assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
        assertThat(patched.json().path("url").asText()).isEqualTo(url(path));
        assertThat(patched.json().path("events")).extracting(JsonNode::asText).containsExactly("code.deleted");
        assertThat(patched.json().path("description").asText()).as("untouched").isEqualTo("ops");
        assertThat(patched.json().has("secret")).isFalse();
        Api.Reply cleared = Api.patchAs(Api.KEY, WEBHOOKS + "/" + id, "{\"description\": null}");
        assertThat(cleared.json().has("description")).isFalse();
        Map<String, String> refused = Map.of("{\"secret\": \"whsec_mine\"}", "secret",
                "{\"url\": \"http://10.0.0.1/hook\"}", "url", "{\"url\": null}", "url",
                "{\"events\": []}", "events", "{\"events\": \"code.deleted\"}", "events");
        refused.forEach((body, field) -> {
            Api.Reply reply = Api.patchAs(Api.KEY, WEBHOOKS + "/" + id, body);
            assertThat(reply.status()).as(body + " → " + reply).isEqualTo(400);
            assertThat(reply.json().path("error").path("field").asText()).as(body).isEqualTo(field);
        });
        assertThat(Api.patchAs(Api.OTHER_KEY, WEBHOOKS + "/" + id, "{}").status()).isEqualTo(404);
        assertThat(Api.postAs(Api.OTHER_KEY, WEBHOOKS + "/" + id + "/rotate-secret", "").status()).isEqualTo(404);

        Api.Reply rotated = Api.postAs(Api.KEY, WEBHOOKS + "/" + id + "/rotate-secret", "");
        assertThat(rotated.status()).as(rotated.toString()).isEqualTo(200);
        String secret = rotated.json().path("secret").asText();
        assertThat(secret).matches("whsec_[0-9A-Za-z]{32}").isNotEqualTo(webhook.path("secret").asText());
        assertThat(Api.get(WEBHOOKS + "/" + id).json().has("secret")).isFalse();

        String code = Api.post("/api/v1/qr", Api.json(Map.of("data", "https://example.com/rotated"))).json()
                .path("id").asText();
        assertThat(Api.deleteAs(Api.KEY, "/api/v1/qr/" + code).status()).isEqualTo(204);
        await("the deletion delivered", () -> receivedAt(path).stream()
                .anyMatch(r -> r.json().path("data").path("qrCodeId").asText().equals(code)));
        assertSigned(receivedAt(path).stream().filter(r -> r.json().path("data").path("qrCodeId").asText()
                .equals(code)).findFirst().orElseThrow(), secret);
    }

    @Test
    void badTargetsAndEventsAreRefusedNamingTheirField() {
        Map<Map<String, Object>, String> refused = Map.of(
                Map.of("url", "ftp://example.com/hook"), "url",
                Map.of("url", "http://10.0.0.1/hook"), "url",
                Map.of("url", "https://192.168.1.20/hook"), "url",
                Map.of("url", "https://169.254.169.254/latest/meta-data"), "url",
                Map.of("url", "https://[::1]/hook"), "url",
                Map.of("url", "http://203.0.113.10/hook"), "url",
                Map.of("events", List.of("scan.created")), "url",
                Map.of("url", url("/bad"), "events", List.of("scan.made")), "events",
                Map.of("url", url("/bad"), "events", List.of()), "events");
        refused.forEach((body, field) -> {
            Api.Reply reply = Api.post(WEBHOOKS, Api.json(body));
            assertThat(reply.status()).as(body + " → " + reply).isEqualTo(400);
            assertThat(reply.json().path("error").path("code").asText()).isEqualTo("INVALID_PARAMETER");
            assertThat(reply.json().path("error").path("field").asText()).as(body.toString()).isEqualTo(field);
        });
        String privateAddress = Api.post(WEBHOOKS, Api.json(Map.of("url", "http://10.0.0.1/hook"))).json()
                .path("error").path("message").asText();
        assertThat(privateAddress).contains("10.0.0.1", "private");
        String unknownEvent = Api.post(WEBHOOKS, Api.json(Map.of("url", url("/bad"), "events", List.of("scan.made"))))
                .json().path("error").path("message").asText();
        assertThat(unknownEvent).contains("scan.made").contains(ALL_EVENTS);
    }

    @Test
    void webhooksNeedKeysAdmin() {
        Api.Reply issued = Api.post("/api/v1/api-keys", Api.json(Map.of("name", "webhook-reader",
                "scopes", List.of("qr:read", "qr:write", "analytics:read"))));
        assertThat(issued.status()).as(issued.toString()).isEqualTo(201);
        String key = issued.json().path("key").asText();
        Api.Reply create = Api.postAs(key, WEBHOOKS, Api.json(Map.of("url", url("/forbidden"))));
        assertThat(create.status()).as(create.toString()).isEqualTo(403);
        assertThat(create.json().path("error").path("message").asText()).contains("keys:admin");
        assertThat(Api.getAs(key, WEBHOOKS).status()).isEqualTo(403);
    }

    @Test
    void scansAreDeliveredSignedAndWithoutAnythingThatIdentifiesAPerson() throws GeneralSecurityException {
        String path = "/scans-" + UUID.randomUUID();
        JsonNode webhook = create(Map.of("url", url(path), "events", List.of("scan.created")));
        JsonNode code = DynamicCodesIT.create(Map.of("destinationUrl", "https://example.com/webhook-scans"));
        String codeId = code.path("id").asText();
        DynamicCodesIT.location(DynamicCodesIT.scan(code.path("shortUrl").asText(),
                "User-Agent", UserAgents.IPHONE, "X-Forwarded-For", "81.2.69.142", "CF-IPCountry", "DE"));
        DynamicCodesIT.location(DynamicCodesIT.scan(code.path("shortUrl").asText(),
                "User-Agent", UserAgents.IPHONE, "X-Forwarded-For", "81.2.69.142", "CF-IPCountry", "DE"));

        await("both scans delivered", () -> receivedAt(path).stream().mapToInt(r -> scansOf(r, codeId).size())
                .sum() == 2);
        for (Received received : receivedAt(path)) {
            assertSigned(received, webhook.path("secret").asText());
            JsonNode envelope = received.json();
            assertThat(envelope.path("id").asText()).startsWith("evt_");
            assertThat(envelope.path("type").asText()).isEqualTo("scan.created");
            assertThat(Instant.parse(envelope.path("createdAt").asText())).isNotNull();
            assertThat(envelope.has("workspaceId")).isFalse();
            assertThat(received.body()).doesNotContain("81.2.69.142").doesNotContain("visitor");
        }
        JsonNode scan = scansOf(receivedAt(path).get(0), codeId).get(0);
        assertThat(scan.path("country").asText()).isEqualTo("DE");
        assertThat(scan.path("os").asText()).isEqualTo("iOS");
        assertThat(scan.path("device").asText()).isEqualTo("mobile");
        assertThat(scan.path("bot").asBoolean()).isFalse();
        assertThat(Instant.parse(scan.path("scannedAt").asText())).isNotNull();

        String webhookId = webhook.path("id").asText();
        await("deliveries recorded as delivered", () -> StreamSupport.stream(deliveries(webhookId).spliterator(),
                false).allMatch(delivery -> delivery.path("status").asText().equals("DELIVERED")));
        JsonNode delivery = deliveries(webhookId).get(0);
        assertThat(delivery.path("type").asText()).isEqualTo("scan.created");
        assertThat(delivery.path("attempts").asInt()).isEqualTo(1);
        assertThat(delivery.path("lastStatus").asInt()).isEqualTo(200);
        assertThat(delivery.path("nextAttemptAt").isNull()).isTrue();
    }

    @Test
    void aFinishedBulkJobIsAnnounced() throws GeneralSecurityException {
        String path = "/bulk-" + UUID.randomUUID();
        JsonNode webhook = create(Map.of("url", url(path), "events", List.of("bulk.completed", "bulk.failed")));
        Api.Reply accepted = Api.post("/api/v1/qr/bulk", Api.json(Map.of("items", List.of(
                Map.of("data", "https://example.com/webhook-bulk/1"),
                Map.of("data", "https://example.com/webhook-bulk/2")))));
        assertThat(accepted.status()).as(accepted.toString()).isEqualTo(202);
        String jobId = accepted.json().path("jobId").asText();

        await("the job's event delivered", () -> receivedAt(path).stream()
                .anyMatch(r -> r.json().path("data").path("jobId").asText().equals(jobId)));
        List<Received> announced = receivedAt(path).stream()
                .filter(r -> r.json().path("data").path("jobId").asText().equals(jobId)).toList();
        assertThat(announced).hasSize(1);
        Received received = announced.get(0);
        assertSigned(received, webhook.path("secret").asText());
        JsonNode envelope = received.json();
        assertThat(envelope.path("type").asText()).isEqualTo("bulk.completed");
        assertThat(envelope.path("data").path("status").asText()).isEqualTo("COMPLETED");
        assertThat(envelope.path("data").path("total").asInt()).isEqualTo(2);
        assertThat(envelope.path("data").path("succeeded").asInt()).isEqualTo(2);
        assertThat(envelope.path("data").path("failed").asInt()).isZero();
    }

    @Test
    void anAttemptWithoutAnHttpAnswerRecordsNoStatusAndSaysWhatWentWrong() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        JsonNode webhook = create(Map.of("url", "http://127.0.0.1:" + closedPort + "/nobody",
                "events", List.of("code.deleted")));
        Api.Reply code = Api.post("/api/v1/qr", Api.json(Map.of("data", "https://example.com/webhook-refused")));
        assertThat(code.status()).as(code.toString()).isEqualTo(201);
        assertThat(Api.deleteAs(Api.KEY, "/api/v1/qr/" + code.json().path("id").asText()).status()).isEqualTo(204);

        String webhookId = webhook.path("id").asText();
        // An attempt is counted when it is claimed, before it is sent: its outcome is recorded once it has one.
        await("a failed attempt recorded", () -> deliveries(webhookId).path(0).path("lastError").isTextual());
        JsonNode delivery = deliveries(webhookId).get(0);
        assertThat(delivery.path("status").asText()).isEqualTo("PENDING");
        assertThat(delivery.has("lastStatus")).as("lastStatus present, as null").isTrue();
        assertThat(delivery.path("lastStatus").isNull()).as(delivery.toString()).isTrue();
        assertThat(delivery.path("lastError").asText()).isEqualTo("connection refused: 127.0.0.1:" + closedPort);
    }

    @Test
    void aDeletedCodeIsAnnouncedOnceWithItsDynamicCodeAndWhetherItsScansWereErased()
            throws GeneralSecurityException {
        String path = "/deleted-" + UUID.randomUUID();
        JsonNode webhook = create(Map.of("url", url(path), "events", List.of("code.deleted")));
        Api.Reply dynamic = Api.post("/api/v1/dynamic", Api.json(Map.of("destinationUrl",
                "https://example.com/webhook-delete")));
        assertThat(dynamic.status()).as(dynamic.toString()).isEqualTo(201);
        String dynamicId = dynamic.json().path("id").asText();
        String qrId = dynamic.json().path("qr").path("id").asText();

        assertThat(Api.deleteAs(Api.KEY, "/api/v1/dynamic/" + dynamicId + "?erase=true").status()).isEqualTo(204);

        await("the deletion delivered", () -> receivedAt(path).stream()
                .anyMatch(r -> r.json().path("data").path("qrCodeId").asText().equals(qrId)));
        List<Received> announced = receivedAt(path).stream()
                .filter(r -> r.json().path("data").path("qrCodeId").asText().equals(qrId)).toList();
        assertThat(announced).hasSize(1);
        assertSigned(announced.get(0), webhook.path("secret").asText());
        JsonNode envelope = announced.get(0).json();
        assertThat(envelope.path("type").asText()).isEqualTo("code.deleted");
        assertThat(envelope.path("data").path("dynamicCodeId").asText()).isEqualTo(dynamicId);
        assertThat(envelope.path("data").path("erased").asBoolean()).isTrue();
    }

    /**
     * Deliveries being retried when the server stops ({@link RestartIT}): after it, every event is accepted once, and
     * every attempt, before and after, sent the same signed body.
     */
    static Executable aRestartInTheMiddleOfRetries() {
        String path = "/restart-" + UUID.randomUUID();
        ANSWERS.put(path, 500);
        JsonNode webhook = subscribe(Map.of("url", url(path), "events", List.of("scan.created")));
        String webhookId = webhook.path("id").asText();
        JsonNode code = DynamicCodesIT.create(Map.of("destinationUrl", "https://example.com/webhook-restart"));
        String codeId = code.path("id").asText();
        for (int i = 0; i < 3; i++) {
            DynamicCodesIT.location(DynamicCodesIT.scan(code.path("shortUrl").asText(), "CF-IPCountry", "FR"));
        }
        await("a delivery refused and retried", () -> receivedAt(path).stream()
                .collect(Collectors.groupingBy(Received::id, Collectors.counting())).values().stream()
                .anyMatch(attempts -> attempts >= 2));
        List<Received> beforeRestart = receivedAt(path);
        assertThat(beforeRestart).allSatisfy(received -> assertThat(received.answered()).isEqualTo(500));
        return () -> {
            try {
                ANSWERS.put(path, 200);
                allDeliveredOnce(webhook, codeId, path);
            } finally {
                Api.deleteAs(Api.KEY, WEBHOOKS + "/" + webhookId);
            }
        };
    }

    private static void allDeliveredOnce(JsonNode webhook, String codeId, String path)
            throws GeneralSecurityException {
        String webhookId = webhook.path("id").asText();
        await("every scan accepted", () -> receivedAt(path).stream().filter(r -> r.answered() == 200)
                .mapToInt(r -> scansOf(r, codeId).size()).sum() >= 3);
        await("every delivery recorded as delivered", () -> StreamSupport.stream(
                deliveries(webhookId).spliterator(), false)
                .allMatch(delivery -> delivery.path("status").asText().equals("DELIVERED")));

        List<Received> all = receivedAt(path);
        Set<String> eventIds = all.stream().map(Received::id).collect(Collectors.toCollection(TreeSet::new));
        Map<String, Long> accepted = all.stream().filter(r -> r.answered() == 200)
                .collect(Collectors.groupingBy(Received::id, Collectors.counting()));
        assertThat(accepted.keySet()).as("every event accepted").isEqualTo(eventIds);
        assertThat(accepted.values()).as("each event accepted exactly once").allMatch(count -> count == 1);
        Set<String> recorded = StreamSupport.stream(deliveries(webhookId).spliterator(), false)
                .map(delivery -> delivery.path("id").asText()).collect(Collectors.toCollection(TreeSet::new));
        assertThat(recorded).as("the outbox's deliveries are the events received").isEqualTo(eventIds);
        assertThat(all.stream().filter(r -> r.answered() == 200).mapToInt(r -> scansOf(r, codeId).size()).sum())
                .as("each scan delivered once").isEqualTo(3);
        for (Received received : all) {
            assertSigned(received, webhook.path("secret").asText());
            Received first = all.stream().filter(r -> r.id().equals(received.id())).findFirst().orElseThrow();
            assertThat(received.body()).as("every attempt sends the same body").isEqualTo(first.body());
        }
    }
}
