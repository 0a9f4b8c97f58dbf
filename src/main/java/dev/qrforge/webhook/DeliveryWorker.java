package dev.qrforge.webhook;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The container-managed timer that delivers the outbox: every poll interval it claims the deliveries due (leased to
 * this node, see {@link Outbox}), POSTs them all at once, signed, and records each outcome: a 2xx is delivered,
 * anything else (another status, a redirect, a timeout, a refused target) is tried again after an exponential
 * backoff until the last attempt, which marks it failed. It also deletes finished deliveries past their retention.
 * Non-persistent, like the scan flush: the state is in the table, so a stop loses nothing, and a delivery in
 * flight when the server stops is claimed again when its lease ends.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigrations")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class DeliveryWorker {

    static final String ID_HEADER = "Qrforge-Webhook-Id";
    static final String TIMESTAMP_HEADER = "Qrforge-Webhook-Timestamp";
    static final String SIGNATURE_HEADER = "Qrforge-Webhook-Signature";
    /** Time beyond the HTTP timeouts a claim stays leased: resolving the host, recording the outcome. */
    private static final Duration LEASE_MARGIN = Duration.ofSeconds(30);
    private static final int MAX_DOUBLINGS = 30;
    private static final Duration PURGE_EVERY = Duration.ofHours(1);
    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class.getName());

    @Resource
    TimerService timers;

    @Inject
    Outbox outbox;

    @Inject
    WebhookTargets targets;

    @Inject
    Clock clock;

    @Inject
    @ConfigProperty(name = "qrforge.webhook.poll-interval-millis", defaultValue = "2000")
    long pollIntervalMillis;

    @Inject
    @ConfigProperty(name = "qrforge.webhook.batch-size", defaultValue = "50")
    int batchSize;

    @Inject
    @ConfigProperty(name = "qrforge.webhook.connect-timeout-millis", defaultValue = "5000")
    long connectTimeoutMillis;

    @Inject
    @ConfigProperty(name = "qrforge.webhook.request-timeout-millis", defaultValue = "10000")
    long requestTimeoutMillis;

    @Inject
    @ConfigProperty(name = "qrforge.webhook.retry-base-delay-millis", defaultValue = "30000")
    long retryBaseDelayMillis;

    @Inject
    @ConfigProperty(name = "qrforge.webhook.retry-max-delay-millis", defaultValue = "3600000")
    long retryMaxDelayMillis;

    @Inject
    @ConfigProperty(name = "qrforge.webhook.max-attempts", defaultValue = "10")
    int maxAttempts;

    @Inject
    @ConfigProperty(name = "qrforge.webhook.retention-days", defaultValue = "30")
    int retentionDays;

    @Inject
    MeterRegistry registry;

    private HttpClient http;
    private Instant nextPurge = Instant.MIN;
    /** Attempts by outcome: delivered, to be retried, or failed for good (the last attempt, or a refused target). */
    private Counter delivered;
    private Counter retrying;
    private Counter failed;

    @PostConstruct
    void start() {
        if (pollIntervalMillis <= 0 || batchSize <= 0 || connectTimeoutMillis <= 0 || requestTimeoutMillis <= 0
                || retryBaseDelayMillis <= 0 || retryMaxDelayMillis <= 0 || maxAttempts <= 0 || retentionDays <= 0) {
            throw new IllegalArgumentException("QRFORGE_WEBHOOK_* intervals, timeouts, sizes and counts must be"
                    + " positive");
        }
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofMillis(connectTimeoutMillis))
                .followRedirects(HttpClient.Redirect.NEVER).build();
        delivered = attempts("delivered");
        retrying = attempts("retrying");
        failed = attempts("failed");
        timers.createIntervalTimer(pollIntervalMillis, pollIntervalMillis, new TimerConfig(null, false));
    }

    private Counter attempts(String outcome) {
        return registry.counter("qrforge.webhook.deliveries", "outcome", outcome);
    }

    @Timeout
    void tick() {
        try {
            deliverDue();
            purgeOld();
        } catch (RuntimeException e) {
            // The database may be away; what is due stays due for the next tick.
            LOG.log(Level.WARNING, "webhook delivery round failed: " + e.getMessage(), e);
        }
    }

    private void deliverDue() {
        Instant now = clock.instant();
        List<Outbox.Claimed> claimed = outbox.claim(batchSize, now,
                now.plusMillis(connectTimeoutMillis + requestTimeoutMillis).plus(LEASE_MARGIN));
        List<CompletableFuture<Void>> attempts = new ArrayList<>();
        for (Outbox.Claimed delivery : claimed) {
            attempts.add(send(delivery));
        }
        attempts.forEach(CompletableFuture::join);
    }

    private CompletableFuture<Void> send(Outbox.Claimed delivery) {
        URI target;
        try {
            target = targets.check(delivery.url());
        } catch (TargetRefused e) {
            failed(delivery, null, "refused: " + e.getMessage());
            return CompletableFuture.completedFuture(null);
        }
        long timestamp = clock.instant().getEpochSecond();
        HttpRequest request = HttpRequest.newBuilder(target)
                .timeout(Duration.ofMillis(requestTimeoutMillis))
                .header("Content-Type", "application/json")
                .header("User-Agent", "qrforge-webhooks")
                .header(ID_HEADER, delivery.id())
                .header(TIMESTAMP_HEADER, Long.toString(timestamp))
                .header(SIGNATURE_HEADER, Signatures.sign(delivery.secret(), timestamp, delivery.payload()))
                .POST(HttpRequest.BodyPublishers.ofString(delivery.payload()))
                .build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.discarding()).handle((response, error) -> {
            try {
                if (error != null) {
                    failed(delivery, null, noAnswer(error.getCause() == null ? error : error.getCause(), target));
                } else if (response.statusCode() / 100 == 2) {
                    outbox.finish(delivery, Outbox.Status.DELIVERED, response.statusCode(), null, clock.instant());
                    delivered.increment();
                } else {
                    failed(delivery, response.statusCode(), "HTTP " + response.statusCode());
                }
            } catch (RuntimeException e) {
                // Left leased: the delivery is tried again when the lease ends.
                LOG.log(Level.WARNING, "could not record webhook delivery " + delivery.id(), e);
            }
            return null;
        });
    }

    private void failed(Outbox.Claimed delivery, Integer httpStatus, String error) {
        Instant now = clock.instant();
        if (delivery.attempt() >= maxAttempts) {
            outbox.finish(delivery, Outbox.Status.FAILED, httpStatus, error, now);
            failed.increment();
        } else {
            outbox.retryAt(delivery, httpStatus, error, now.plus(delay(delivery.attempt(),
                    Duration.ofMillis(retryBaseDelayMillis), Duration.ofMillis(retryMaxDelayMillis))));
            retrying.increment();
        }
    }

    /**
     * Why an attempt got no HTTP answer, for the delivery's {@code lastError}: what went wrong, and where. Java's HTTP
     * client throws many of its exceptions without a message ("ConnectException: null" told nobody anything), so the
     * timeouts are named by their kind, anything else by the deepest message in its chain of causes, and a
     * ConnectException without one by what it means when nothing listens: a refused connection.
     */
    static String noAnswer(Throwable cause, URI target) {
        String message = deepestMessage(cause);
        String what;
        if (cause instanceof HttpConnectTimeoutException) {
            what = "connection timed out";
        } else if (cause instanceof HttpTimeoutException) {
            what = "no answer in time";
        } else if (message != null) {
            what = message;
        } else if (cause instanceof ConnectException) {
            what = "connection refused";
        } else {
            what = cause.getClass().getSimpleName();
        }
        int port = target.getPort() != -1 ? target.getPort() : "https".equalsIgnoreCase(target.getScheme()) ? 443 : 80;
        return what + ": " + target.getHost() + ":" + port;
    }

    /** The deepest message in {@code error}'s chain of causes, as part of a sentence; null when none has one. */
    private static String deepestMessage(Throwable error) {
        String message = null;
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                message = cause.getMessage();
            }
        }
        if (message == null) {
            return null;
        }
        // "Connection refused" reads as part of a sentence; "HTTP/1.1 header parser…" keeps its capitals.
        boolean word = message.length() > 1 && Character.isUpperCase(message.charAt(0))
                && Character.isLowerCase(message.charAt(1));
        return word ? Character.toLowerCase(message.charAt(0)) + message.substring(1) : message;
    }

    /** How long after failed attempt number {@code attempt} (from 1) to try again: base, 2 × base, 4 × base… */
    static Duration delay(int attempt, Duration base, Duration max) {
        // Beyond 2^30 × base every sensible maximum has long been reached.
        int doublings = attempt - 1;
        if (doublings > MAX_DOUBLINGS) {
            return max;
        }
        Duration delay = base.multipliedBy(1L << doublings);
        return delay.compareTo(max) > 0 ? max : delay;
    }

    private void purgeOld() {
        Instant now = clock.instant();
        if (now.isBefore(nextPurge)) {
            return;
        }
        nextPurge = now.plus(PURGE_EVERY);
        outbox.purge(now.minus(Duration.ofDays(retentionDays)));
    }
}
