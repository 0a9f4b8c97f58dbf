package dev.qrforge.redirect;

import dev.qrforge.dynamic.RouteTarget;
import dev.qrforge.security.AttemptLimits;
import dev.qrforge.security.PasswordHashes;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.time.Instant;
import java.util.HexFormat;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A dynamic code's password gate on the scan path. Whether a scanner has passed it is a cookie ({@link GatePass}),
 * checked without the database or a lock, so the lane answers gated codes on the I/O thread too. An attempt at the
 * password (a POST, always on a worker thread: hashing takes about 0.1 s of a core and 19 MiB) is first counted
 * against the budget of that code and client address, {@code qrforge.password-gate.attempts-per-minute} across the
 * cluster ({@link AttemptLimits}); an IPv6 client counts by its /64, which one subscriber usually holds whole. The
 * password itself is read from the form, compared with the stored hash and dropped: it is neither logged, counted
 * nor kept.
 */
@ApplicationScoped
class PasswordGate {

    /** The attempts' budget, in the attempt limits' keys. */
    private static final String BUDGET = "password-gate";
    private static final int IPV6_NETWORK_BYTES = 8;

    @Inject
    AttemptLimits limits;

    @Inject
    ScanMetrics metrics;

    @Inject
    @ConfigProperty(name = "qrforge.password-gate.attempts-per-minute", defaultValue = "10")
    int attemptsPerMinute;

    /** How long a pass lasts; 0 asks for the password on every scan. */
    @Inject
    @ConfigProperty(name = "qrforge.password-gate.remember-seconds", defaultValue = "3600")
    long rememberSeconds;

    /** Whether the scanner may go on: the code has no gate, or the scanner holds a pass for it. */
    boolean passed(ScanExchange exchange, RouteTarget target, Instant now) {
        return !target.gated() || GatePass.opens(exchange.cookie(GatePass.COOKIE), exchange.shortCode(),
                target.passwordHash(), now.getEpochSecond());
    }

    /**
     * An attempt at the gate's password: if it is right, hands the scanner a pass (unless passes are off); if not,
     * or if the budget is spent, writes the gate's page again with the reason.
     *
     * @param client the scanner's address behind trusted proxies, or null if unknown
     * @return whether the gate opened
     */
    boolean open(ScanExchange exchange, RouteTarget target, InetAddress client, String password, Instant now)
            throws IOException {
        AttemptLimits.Attempt attempt = limits.take(exchange.shortCode() + ' ' + network(client), BUDGET,
                attemptsPerMinute);
        if (!attempt.allowed()) {
            metrics.attempted(ScanMetrics.Attempt.LIMITED);
            exchange.header("Retry-After", Long.toString(attempt.retryAfterSeconds()));
            RedirectPages.write(exchange, RedirectPages.TOO_MANY, exchange.shortCode(), true);
            return false;
        }
        if (!PasswordHashes.matches(password, target.passwordHash())) {
            metrics.attempted(ScanMetrics.Attempt.REJECTED);
            RedirectPages.write(exchange, RedirectPages.WRONG, exchange.shortCode(), true);
            return false;
        }
        metrics.attempted(ScanMetrics.Attempt.ACCEPTED);
        if (rememberSeconds > 0) {
            String pass = GatePass.issue(exchange.shortCode(), target.passwordHash(),
                    now.getEpochSecond() + rememberSeconds);
            exchange.header("Set-Cookie", GatePass.cookie(pass, exchange.path(), rememberSeconds, exchange.secure()));
        }
        return true;
    }

    /** Whom a budget belongs to: an IPv4 address, an IPv6 client's /64. */
    static String network(InetAddress client) {
        if (client == null) {
            return "unknown";
        }
        if (client instanceof Inet6Address) {
            return HexFormat.of().formatHex(client.getAddress(), 0, IPV6_NETWORK_BYTES) + "/64";
        }
        return client.getHostAddress();
    }
}
